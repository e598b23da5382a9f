import { LANGUAGES, hasKey } from '../i18n/messages';
import { EXPLAIN_KEYS, FILL_BANDS, REPORT_PATHS, STOCK_REPORTS, STOCK_REPORT_MENUS, fillBandOf } from './reports';

describe('stock report descriptions', () => {
  it('label every column, title, band and menu entry in zh, en and mo', () => {
    const keys = [
      ...Object.values(STOCK_REPORTS).flatMap((r) => r.columns.map((c) => `stockReport.fields.${c.key}`)),
      ...Object.keys(REPORT_PATHS).map((p) => `stockReport.titles.${p}`),
      ...FILL_BANDS.map((b) => `stockReport.band.${b}`),
      ...STOCK_REPORT_MENUS.map((m) => m.alias),
    ];
    for (const lang of LANGUAGES) expect(keys.filter((k) => !hasKey(lang, k)).map((k) => `${lang}: ${k}`)).toEqual([]);
  });

  it('sort only by their own columns and name their rows by explain keys among their columns', () => {
    for (const [name, r] of Object.entries(STOCK_REPORTS)) {
      const columns = new Set(r.columns.map((c) => c.key));
      expect([name, r.sorts.filter((s) => !columns.has(s))]).toEqual([name, []]);
      expect([name, (r.keys as readonly string[]).filter((k) => !columns.has(k) || !(EXPLAIN_KEYS as readonly string[]).includes(k))]).toEqual([name, []]);
      expect(r.sorts).toContain(r.defaultSort);
    }
  });

  it('give each menu entry the spec 01 route name as its code', () => {
    expect(STOCK_REPORT_MENUS.map((m) => m.code)).toEqual([
      'stockByWarehouseAreaView',
      'stockpageshow2',
      'stockByCustomerBatchNoView',
      'stockByDetailsView',
      'stockDetailView',
      'stockStreamDetailView',
    ]);
  });
});

describe('fill bands of the bin board', () => {
  it.each([
    [{ qty: 0, fillRatio: 0 }, 'empty'],
    [{ qty: 0, fillRatio: null }, 'empty'],
    [{ qty: 3, fillRatio: null }, 'unbounded'],
    [{ qty: 3, fillRatio: 0.49 }, 'low'],
    [{ qty: 3, fillRatio: 0.5 }, 'medium'],
    [{ qty: 3, fillRatio: 0.8 }, 'high'],
    [{ qty: 3, fillRatio: 1 }, 'full'],
    [{ qty: 3, fillRatio: 1.25 }, 'full'],
  ] as const)('given %j, then %s', (place, band) => {
    expect(fillBandOf(place)).toBe(band);
  });
});
