import { missingKeys, messages } from '../../web/src/i18n/messages';

describe('translations', () => {
  it('has every key in zh, en and mo (a missing key fails here, not in front of a user)', () => {
    expect(missingKeys()).toEqual([]);
  });

  it('names every consignment field, action, state and event in each language', () => {
    for (const lang of ['zh', 'en', 'mo'] as const) {
      const m = messages[lang] as Record<string, Record<string, unknown>>;
      expect(Object.keys(m.consignment!.actions as object)).toEqual(expect.arrayContaining(['audit', 'dispatch', 'load', 'arrive', 'sign', 'cancel']));
      expect(Object.keys((m.enum!.consignmentState as object) ?? {})).toHaveLength(8);
    }
  });
});
