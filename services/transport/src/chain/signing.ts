import Decimal from 'decimal.js';
import { AppError } from '@tpl/contracts';

/**
 * Signing a delivery bill, pure (issue 14 item 1): per delivered line the signed and the
 * refused quantities, which add up to what was delivered; a reason whenever anything is
 * refused. The action must match the quantities: sign when nothing is refused, signPartially
 * when some is refused and some signed, refuse when everything is refused.
 */
export type SigningAction = 'sign' | 'signPartially' | 'refuse';
export type Delivered = { materialCode: string; qty: number };
export type SignedLine = { materialCode: string; signedQty?: number; refusedQty?: number };

export const checkSigning = (action: SigningAction, delivered: readonly Delivered[], signed: readonly SignedLine[] | undefined, reason: string | undefined): AppError | undefined => {
  // nothing given: everything signed (sign) or everything refused (refuse)
  const rows: SignedLine[] = signed?.length
    ? [...signed]
    : delivered.map((d) => (action === 'refuse' ? { materialCode: d.materialCode, signedQty: 0, refusedQty: d.qty } : { materialCode: d.materialCode, signedQty: d.qty, refusedQty: 0 }));
  for (const r of rows) if (!delivered.some((d) => d.materialCode === r.materialCode)) return new AppError(409, 'transport.errors.signLineUnknown', { materialCode: r.materialCode });
  let anySigned = false;
  let anyRefused = false;
  for (const d of delivered) {
    const r = rows.find((x) => x.materialCode === d.materialCode);
    if (!r) return new AppError(409, 'transport.errors.signLineMissing', { materialCode: d.materialCode });
    const s = new Decimal(r.signedQty ?? 0);
    const f = new Decimal(r.refusedQty ?? 0);
    if (!s.plus(f).eq(d.qty)) return new AppError(409, 'transport.errors.signQtyMismatch', { materialCode: d.materialCode, signed: s.toNumber(), refused: f.toNumber(), qty: d.qty });
    if (s.gt(0)) anySigned = true;
    if (f.gt(0)) anyRefused = true;
  }
  if (action === 'sign' && anyRefused) return new AppError(409, 'transport.errors.signHasRefused');
  if (action === 'signPartially' && !anyRefused) return new AppError(409, 'transport.errors.partialNothingRefused');
  if (action === 'signPartially' && !anySigned) return new AppError(409, 'transport.errors.partialAllRefused');
  if (action === 'refuse' && anySigned) return new AppError(409, 'transport.errors.refuseHasSigned');
  if (anyRefused && !reason?.trim()) return new AppError(400, 'transport.errors.signReasonRequired');
  return undefined;
};

/** The lines as recorded: what was given, or everything signed / refused. */
export const signedLinesOf = (action: SigningAction, delivered: readonly Delivered[], signed: readonly SignedLine[] | undefined): SignedLine[] =>
  signed?.length ? signed.map((r) => ({ materialCode: r.materialCode, signedQty: r.signedQty ?? 0, refusedQty: r.refusedQty ?? 0 }))
    : delivered.map((d) => (action === 'refuse' ? { materialCode: d.materialCode, signedQty: 0, refusedQty: d.qty } : { materialCode: d.materialCode, signedQty: d.qty, refusedQty: 0 }));
