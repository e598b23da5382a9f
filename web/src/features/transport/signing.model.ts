/**
 * The signing screen's rules, pure (tests/unit/dispatcher-board.spec.ts), the same as the
 * server's (services/transport/src/chain/signing.ts): per delivered line the signed and the
 * refused quantities add up to what was delivered; the action follows from them (nothing
 * refused: sign; some: signPartially; everything: refuse); a reason whenever anything is refused.
 */
export type SigningLine = { materialCode: string; name: string; qty: number; signedQty: number; refusedQty: number };
export type SigningOutcome = 'sign' | 'signPartially' | 'refuse';

/** Quantities carry at most 3 decimals: compared as integers of thousandths, never as binary fractions. */
const milli = (n: number) => Math.round(n * 1000);

export const linesToSign = (content: Record<string, unknown>): SigningLine[] => {
  const rows = Array.isArray(content.lines) ? (content.lines as Record<string, unknown>[]) : [];
  return rows.map((r) => {
    const qty = Number(r.qty ?? 0);
    return { materialCode: String(r.materialCode ?? ''), name: String(r.name ?? ''), qty, signedQty: qty, refusedQty: 0 };
  });
};

/** A line with its refused quantity changed: the rest is signed. */
export const refuse = (line: SigningLine, refusedQty: number): SigningLine => {
  const refused = Math.min(Math.max(0, refusedQty), line.qty);
  return { ...line, refusedQty: refused, signedQty: (milli(line.qty) - milli(refused)) / 1000 };
};

export const outcomeOf = (lines: readonly SigningLine[]): SigningOutcome => {
  const refused = lines.some((l) => milli(l.refusedQty) > 0);
  const signed = lines.some((l) => milli(l.signedQty) > 0);
  return !refused ? 'sign' : signed ? 'signPartially' : 'refuse';
};

/** What stops the signing from being sent, as translation keys. */
export const signingIssues = (lines: readonly SigningLine[], reason: string, signed: boolean, signer: string): string[] => {
  const issues: string[] = [];
  if (!signer.trim()) issues.push('signing.signer');
  if (lines.some((l) => milli(l.signedQty) + milli(l.refusedQty) !== milli(l.qty) || l.signedQty < 0 || l.refusedQty < 0)) issues.push('signing.overQty');
  if (outcomeOf(lines) !== 'sign' && !reason.trim()) issues.push('signing.reasonNeeded');
  if (!signed) issues.push('signing.signatureNeeded');
  return issues;
};
