import type { AgreementVersion } from '../charges/pricing';
import type { ZeroFigureLine } from './month-facts';
import { unbillableLine } from './unbillable';

// A bill never prices a line without its figure as 0, given/when/then: given lines without a weight or volume and the agreements, then the line that refuses the bill.
const agreement = (o: Partial<AgreementVersion> = {}): AgreementVersion => ({
  recordId: 'r1', code: 'AG-C001', customerCode: 'C001', areaCode: 'SH1', startDate: '2026-01-01', endDate: '2026-12-31', basis: 'WEIGHT', dayUnitCost: 1.5, cycleUnitCost: 30, tiers: [], stamp: '1', ...o,
});
const line = (o: Partial<ZeroFigureLine> = {}): ZeroFigureLine => ({
  customer_code: 'C001', area_code: 'SH1-A', material_code: 'MX', day: '2026-11-05', doc_type: 'isinstockbill', bill_no: 'RK1', line_no: 1, handling: true, no_weight: true, no_volume: true, ...o,
});
const paths = (area: string | null) => (area === 'SH1-A' ? ['SH1-A', 'SH1'] : area ? [area] : []);

describe('a line without its figure refuses the bill that would price it at 0', () => {
  it('a receipt without a weight in a priced area (handling is by the tonne)', () => {
    expect(unbillableLine([line()], [agreement()], paths, '2026-11', '2026-11-30')).toEqual({ line: line(), figure: 'weight' });
  });

  it('stored where storage is priced by volume: the volume it lacks; by pallets: nothing to refuse', () => {
    const stored = line({ handling: false, no_weight: false, no_volume: true });
    expect(unbillableLine([stored], [agreement({ basis: 'VOLUME' })], paths, '2026-11', '2026-11-30')).toMatchObject({ figure: 'volume' });
    expect(unbillableLine([stored], [agreement({ basis: 'PALLET' })], paths, '2026-11', '2026-11-30')).toBeUndefined();
    expect(unbillableLine([stored], [agreement({ basis: 'WEIGHT' })], paths, '2026-11', '2026-11-30')).toBeUndefined();
  });

  it('an area no agreement covers in the month prices nothing, so nothing is refused', () => {
    expect(unbillableLine([line({ area_code: 'BJ1' })], [agreement()], paths, '2026-11', '2026-11-30')).toBeUndefined();
    expect(unbillableLine([line()], [agreement({ endDate: '2026-10-31' })], paths, '2026-11', '2026-11-30')).toBeUndefined();
    expect(unbillableLine([line()], [], paths, '2026-11', '2026-11-30')).toBeUndefined();
  });

  it('a receipt of an earlier month is no handling of this one, but the goods it left are stored by weight', () => {
    const earlier = line({ day: '2026-10-20' });
    expect(unbillableLine([earlier], [agreement()], paths, '2026-11', '2026-11-30')).toEqual({ line: earlier, figure: 'weight' });
    expect(unbillableLine([earlier], [agreement({ basis: 'PALLET' })], paths, '2026-11', '2026-11-30')).toBeUndefined();
  });
});
