import { L, resources, wordFilesOfContracts, type Words } from '@tpl/contracts';
import { missingKeys, messages, wordFiles } from '../../web/src/i18n/messages';
import { duplicatedSets, keysMissing } from '../support/words-check';

/** Every words file of the product, by tier and folder (the contracts', the console's). */
const allWordFiles = (): Record<string, Words> => ({
  ...Object.fromEntries(Object.entries(wordFilesOfContracts).map(([name, words]) => [`contracts/${name}`, words])),
  ...Object.fromEntries(Object.entries(wordFiles).map(([name, words]) => [`web/${name}`, words])),
});

describe('translations', () => {
  it('has every key in zh, en and mo (a missing key fails here, not in front of a user)', () => {
    expect(missingKeys()).toEqual([]);
    expect(keysMissing(resources)).toEqual([]);
  });

  it('writes no label set twice (in one words file or in two)', () => {
    expect(duplicatedSets(allWordFiles())).toEqual([]);
  });

  it('names every consignment field, action, state and event in each language', () => {
    for (const lang of ['zh', 'en', 'mo'] as const) {
      const m = messages[lang] as Record<string, Record<string, unknown>>;
      expect(Object.keys(m.consignment!.actions as object)).toEqual(expect.arrayContaining(['audit', 'dispatch', 'load', 'arrive', 'sign', 'cancel']));
      expect(Object.keys((m.enum!.consignmentState as object) ?? {})).toHaveLength(8);
    }
  });
});

describe('the words checks can fail', () => {
  it('reports a key one language lacks, and an empty text', () => {
    const trees = {
      zh: { a: { b: '甲', c: '乙' } },
      en: { a: { b: 'A' } },
      mo: { a: { b: '甲', c: ' ' } },
    };
    expect(keysMissing(trees)).toEqual(['en: a.c', 'mo: a.c (empty)']);
  });

  it('reports a label set written twice, in one file or in two, and not a set written once and named twice', () => {
    const set = () => ({ code: L('编码', 'Code', '編碼'), name: L('名称', 'Name', '名稱'), remark: L('备注', 'Remark', '備註') });
    const shared = { id: L('编号', 'ID', '編號'), state: L('状态', 'State', '狀態'), version: L('版本', 'Version', '版本') };
    const files: Record<string, Words> = {
      one: { stock: { fields: set() }, stream: { fields: set() } },
      two: { report: { fields: set() } },
      once: { a: { fields: shared }, b: { fields: shared } },
      small: { a: { x: L('是', 'Yes', '是'), y: L('否', 'No', '否') }, b: { x: L('是', 'Yes', '是'), y: L('否', 'No', '否') } },
    };
    expect(duplicatedSets(files)).toEqual(['one:stock = one:stream = two:report']);
    expect(duplicatedSets({ once: files.once!, small: files.small! })).toEqual([]);
  });

  it('reports the outermost pair only', () => {
    const tree = () => ({ fields: { code: L('编码', 'Code', '編碼'), name: L('名称', 'Name', '名稱'), remark: L('备注', 'Remark', '備註') } });
    expect(duplicatedSets({ f: { a: tree(), b: tree() } })).toEqual(['f:a = f:b']);
  });
});
