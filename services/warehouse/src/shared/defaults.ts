import { expiryOf, pieceVolumeOf, volumeOf } from '@tpl/contracts';
import { linesOf } from './lines';

/**
 * Defaults from master data (docs/DOMAIN.md "Defaults from master data"): what a goods line left
 * empty is taken from its material and the material's pack specification, on the server, so the
 * console, the API, imports and seeds all record the same figures. A figure the line gives (not
 * empty, not 0) is kept: the keeper weighed or measured the goods in hand.
 *
 * - unit: the material's unit;
 * - pack specification: the material's;
 * - weight per piece (kg): the material's gross weight, else the pack specification's;
 * - pieces per pallet: the pack specification's;
 * - volume (m³, the line's total): quantity x the material's m³ per piece, else the pack
 *   specification's carton (length x width x height);
 * - expiry date (lines that carry one): production date + the material's shelf life in days
 *   (normalDate), for a batch-managed material (batchFlag 1).
 */
export type MaterialFigures = Record<string, unknown>;
export type PackFigures = Record<string, unknown>;

const empty = (v: unknown) => v === undefined || v === null || v === '';
const none = (v: unknown) => empty(v) || Number(v) === 0;
const positive = (v: unknown): number | undefined => (!empty(v) && Number(v) > 0 ? Number(v) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** One line completed from its material and pack specification (the line as it was when the material is unknown). */
export const lineWithDefaults = (
  line: Record<string, unknown>,
  material: MaterialFigures | undefined,
  packOf: (code: string) => PackFigures | undefined,
  o: { expiring: boolean },
): Record<string, unknown> => {
  if (!material) return line;
  const out = { ...line };
  if (empty(out.unitCode) && text(material.unitCode)) out.unitCode = material.unitCode;
  if (empty(out.packspecCode) && text(material.packspecCode)) out.packspecCode = material.packspecCode;
  const pack = text(out.packspecCode) ? packOf(out.packspecCode as string) : undefined;
  if (none(out.qtyWeg)) {
    const kg = positive(material.gross) ?? positive(pack?.qtyWeg);
    if (kg !== undefined) out.qtyWeg = kg;
  }
  if (none(out.boardQty)) {
    const perPallet = positive(pack?.boardQty);
    if (perPallet !== undefined) out.boardQty = perPallet;
  }
  // the carton's dimensions (cm) from the pack specification, when the line gives none (editable: goods measured in hand)
  for (const k of ['volumeLength', 'volumeWidth', 'volumeHeight'] as const) {
    const cm = positive(pack?.[k]);
    if (none(out[k]) && cm !== undefined) out[k] = cm;
  }
  const qty = positive(out.qty);
  if (none(out.volume) && qty !== undefined) {
    const m3 = positive(material.unitVolume) ?? positive(pieceVolumeOf(Number(pack?.volumeLength), Number(pack?.volumeWidth), Number(pack?.volumeHeight)));
    if (m3 !== undefined) out.volume = volumeOf(qty, m3);
  }
  if (o.expiring && empty(out.expiringDate) && text(out.productionDate) && Number(material.batchFlag) === 1) {
    const days = positive(material.normalDate);
    if (days !== undefined) out.expiringDate = expiryOf(out.productionDate as string, days);
  }
  return out;
};

/** The content with every goods line completed (materials and pack specifications by code). */
export const withGoodsDefaults = (
  content: Record<string, unknown>,
  materials: ReadonlyMap<string, MaterialFigures>,
  packs: ReadonlyMap<string, PackFigures>,
  o: { expiring: boolean },
): Record<string, unknown> => {
  if (!Array.isArray(content.details)) return content;
  return { ...content, details: linesOf(content).map((l) => lineWithDefaults(l, materials.get(l.materialCode), (code) => packs.get(code), o)) };
};

/** The pack specifications a content needs: the lines' own, else their materials'. */
export const packCodesOf = (content: Record<string, unknown>, materials: ReadonlyMap<string, MaterialFigures>): string[] =>
  [...new Set(linesOf(content).map((l) => text(l.packspecCode) ?? text(materials.get(l.materialCode)?.packspecCode)).filter((c): c is string => !!c))];
