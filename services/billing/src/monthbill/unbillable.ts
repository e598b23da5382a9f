import { daysOf, agreementFor, type AgreementVersion } from '../charges/pricing';
import type { ZeroFigureLine } from './month-facts';

/**
 * A document priced by weight or volume never bills 0 because a figure was left empty
 * (docs/DOMAIN.md "Defaults from master data"): a stock line without a weight (after its
 * material's gross weight was asked) refuses the bill when it counts toward handling in a priced
 * area that month, or when its material is stored in an area whose agreement prices storage by
 * weight on some day of the month; without a volume, where storage is priced by volume. Answers
 * the first such line and the figure it lacks.
 */
export const unbillableLine = (
  lines: readonly ZeroFigureLine[],
  agreements: readonly AgreementVersion[],
  pathOf: (area: string | null) => readonly string[],
  month: string,
  through: string,
): { line: ZeroFigureLine; figure: 'weight' | 'volume' } | undefined => {
  const days = daysOf(month, through);
  for (const line of lines) {
    const path = pathOf(line.area_code);
    if (line.handling && line.no_weight && line.day >= days[0]! && line.day <= through && agreementFor(agreements, path, line.day)) return { line, figure: 'weight' };
    for (const day of days) {
      const basis = agreementFor(agreements, path, day)?.basis;
      if (basis === 'WEIGHT' && line.no_weight) return { line, figure: 'weight' };
      if (basis === 'VOLUME' && line.no_volume) return { line, figure: 'volume' };
    }
  }
  return undefined;
};
