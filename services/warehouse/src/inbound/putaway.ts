import Decimal from 'decimal.js';

/**
 * Put-away suggestions (pure): which places a received line should go to, honouring each
 * place's owner reservation, its usable capacity (maxVolume, else volume, times capacityRatio
 * per cent; 0 or empty ratio: the whole) against what it already holds, the put-away strategy
 * that governs the line (the owner's customer strategy, else the material's: strategy-choice.ts)
 * and whether the owner lets batches / materials share a location. The keeper may choose other places; the suggestion is only where to
 * start. Decided in docs/DOMAIN.md "Put-away".
 */
export type PlaceInfo = {
  code: string;
  warehouseAreaCode: string;
  customerCode?: string | undefined;
  invalid?: boolean | undefined;
  volume?: number | undefined;
  maxVolume?: number | undefined;
  capacityRatio?: number | undefined;
  coordinateX?: number | undefined;
  coordinateY?: number | undefined;
};

/** What a place holds now: m³ used and the stock it holds (owner~material~batch). */
export type PlaceLoad = { used: number; holds: Set<string> };

export type ShelvingRule = 'NEAREST' | 'PARTIAL_PALLET_FIRST' | 'FIFO' | 'FEFO';

export type PutAwayNeed = {
  lineNumber: number;
  customerCode: string;
  materialCode: string;
  batchNo: string;
  qty: number;
  /** m³ per piece; 0 when unknown (capacity then cannot be weighed: the first eligible place takes all) */
  unitVolume: number;
  rule?: ShelvingRule | undefined;
  /** false: never to a place holding the same owner's material of another batch (the customer strategy's 允许混批 unset) */
  mixBatch?: boolean | undefined;
  /** false: never to a place holding another material or another owner's goods (允许混放 unset) */
  mixMaterial?: boolean | undefined;
};

export type Placement = { lineNumber: number; warehousePlaceCode: string; qty: number };
export type PutAwayPlan = { placements: Placement[]; unplaced: { lineNumber: number; qty: number }[] };

/** m³ a place may hold: its maxVolume (else volume) times capacityRatio %; Infinity when it has no size. */
export const capacityOf = (p: PlaceInfo): number => {
  const base = p.maxVolume && p.maxVolume > 0 ? p.maxVolume : (p.volume ?? 0);
  if (!(base > 0)) return Number.POSITIVE_INFINITY;
  const ratio = p.capacityRatio && p.capacityRatio > 0 ? p.capacityRatio / 100 : 1;
  return new Decimal(base).times(ratio).toNumber();
};

/** A place may take an owner's goods: live, and free or reserved for that owner. */
export const placeTakes = (p: PlaceInfo, customerCode: string): boolean => !p.invalid && (!p.customerCode || p.customerCode === customerCode);

const holdKey = (n: Pick<PutAwayNeed, 'customerCode' | 'materialCode' | 'batchNo'>) => `${n.customerCode}~${n.materialCode}~${n.batchNo}`;
const materialKey = (n: Pick<PutAwayNeed, 'customerCode' | 'materialCode'>) => `${n.customerCode}~${n.materialCode}~`;

/** Whether a place's present goods let this need share it (the owner's mixing rules). */
const shares = (load: PlaceLoad | undefined, need: PutAwayNeed): boolean => {
  for (const h of load?.holds ?? []) {
    if (!h.startsWith(materialKey(need))) {
      if (need.mixMaterial === false) return false;
    } else if (h !== holdKey(need) && need.mixBatch === false) return false;
  }
  return true;
};

/** The order places are tried in for one need. */
const ranked = (places: PlaceInfo[], loads: Map<string, PlaceLoad>, need: PutAwayNeed): PlaceInfo[] => {
  const load = (p: PlaceInfo) => loads.get(p.code) ?? { used: 0, holds: new Set<string>() };
  const sameBatch = (p: PlaceInfo) => load(p).holds.has(holdKey(need));
  const sameMaterial = (p: PlaceInfo) => [...load(p).holds].some((h) => h.startsWith(materialKey(need)));
  const distance = (p: PlaceInfo) => (p.coordinateX ?? 0) + (p.coordinateY ?? 0);
  const reserved = (p: PlaceInfo) => (p.customerCode === need.customerCode ? 0 : 1);
  return [...places].sort((a, b) => {
    if (need.rule === 'NEAREST') return distance(a) - distance(b) || reserved(a) - reserved(b) || a.code.localeCompare(b.code);
    // consolidate: the same batch, then the same material, then empty places, the owner's own first
    const rank = (p: PlaceInfo) => (sameBatch(p) ? 0 : sameMaterial(p) ? 1 : load(p).used === 0 && load(p).holds.size === 0 ? 2 : 3);
    return rank(a) - rank(b) || reserved(a) - reserved(b) || distance(a) - distance(b) || a.code.localeCompare(b.code);
  });
};

/**
 * Places for each need, in order: each need fills the best-ranked places with room, in whole
 * pieces, and what it takes counts against later needs. What finds no room is `unplaced`.
 */
export const planPutAway = (needs: readonly PutAwayNeed[], places: readonly PlaceInfo[], current: ReadonlyMap<string, PlaceLoad>): PutAwayPlan => {
  const loads = new Map([...current].map(([k, v]) => [k, { used: v.used, holds: new Set(v.holds) }]));
  const placements: Placement[] = [];
  const unplaced: PutAwayPlan['unplaced'] = [];
  for (const need of needs) {
    let left = new Decimal(need.qty);
    for (const place of ranked(places.filter((p) => placeTakes(p, need.customerCode) && shares(loads.get(p.code), need)), loads, need)) {
      if (left.lte(0)) break;
      const load = loads.get(place.code) ?? { used: 0, holds: new Set<string>() };
      const free = new Decimal(capacityOf(place) === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : capacityOf(place)).minus(load.used);
      const fits = need.unitVolume > 0 ? Decimal.max(0, free.dividedToIntegerBy(need.unitVolume)) : left;
      const take = Decimal.min(left, fits);
      if (take.lte(0)) continue;
      placements.push({ lineNumber: need.lineNumber, warehousePlaceCode: place.code, qty: take.toNumber() });
      load.used = new Decimal(load.used).plus(take.times(need.unitVolume)).toNumber();
      load.holds.add(holdKey(need));
      loads.set(place.code, load);
      left = left.minus(take);
    }
    if (left.gt(0)) unplaced.push({ lineNumber: need.lineNumber, qty: left.toNumber() });
  }
  return { placements, unplaced };
};
