import { documentByName, documentLandings, documentResources, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { factsLayout, logRows, loggedActions } from '../../web/src/features/documents/viewModel';
import { labelFor, pageLabel, resolveLabel, routePage } from '../../web/src/shared/widgets/pageTitle';
import { codeAndName, namesBatcher, NAMES_PER_CALL } from '../../web/src/shared/widgets/names';

const doc = (name: string): DocumentDef => documentByName(name)!;
const actor = { userId: 'u1', account: 'keeper', name: '高凯' };

describe('a document view lays its facts out in words', () => {
  it('names a fact several actions record once (sign, sign partially, refuse all record the signer), and the one who keyed it in apart from the signer', () => {
    const def = doc('deliverybill');
    const keys = documentLandings(def).map((l) => l.key);
    expect(keys.filter((k) => k === 'signer')).toHaveLength(1);
    expect(keys.filter((k) => k === 'signedAt')).toHaveLength(1);
    const fields = documentResources(def, 0).tree.fields as Record<string, unknown>;
    // two different people are never both 签收人
    expect(fields.signer).toBe('签收人');
    expect(fields.signedBy).toBe('签收经办人');
    expect((documentResources(def, 2).tree.fields as Record<string, unknown>).signedBy).toBe('簽收經辦人');
  });

  it('shows a signed delivery once: its values in the grid, its photos and lines as tables of their own, nothing hidden', () => {
    const signed = {
      id: 'd1', billNo: 'QS1', state: 'Signed', version: 3, noteId: '94edc942-6c98-4769-8cda-a8ff0c3f5dd2',
      signer: '王芳', signedAt: '2026-11-28T02:10:06.000Z', signature: 'a1', signedBy: actor,
      photos: [{ attachId: 'p1' }], signedLines: [{ materialCode: 'M0012', signedQty: 50, refusedQty: 0 }], reason: '',
    } as unknown as KitDocument;
    const layout = factsLayout(doc('deliverybill'), signed);
    expect(layout.values.map((l) => l.key)).toEqual(['signer', 'signedAt', 'signature', 'signedBy']);
    expect(layout.tables.map((l) => l.key)).toEqual(['photos', 'signedLines']);
    expect(layout.logs).toEqual([]);
  });

  it('reads a put-away done in parts as a log of every part (the document keeps only the last), up to the version shown', () => {
    const def = doc('isinstockbill');
    expect(loggedActions(def).map((l) => [l.name, l.rowsKey, l.into])).toEqual([['putAway', 'placements', 'lastPutAway']]);
    const bill = { id: 'b1', version: 4, lastPutAway: { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-02', qty: 4 }], putAwayAt: '2026-11-28T03:00:00.000Z' } } as unknown as KitDocument;
    // the last part is not shown as a fact of its own: the log shows every part
    expect(factsLayout(def, bill).values.map((l) => l.key)).not.toContain('lastPutAway.placements');
    const history = [
      { type: 'InboundBillCreated', version: 1, time: '2026-11-28T01:00:00.000Z', actor, data: {} },
      { type: 'InboundBillPutAway', version: 3, time: '2026-11-28T02:00:00.000Z', actor, data: { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-01', qty: 6 }, { lineNumber: 2, warehousePlaceCode: 'A-01-03', qty: 2 }], putAwayAt: '2026-11-28T02:00:00.000Z' } },
      { type: 'InboundBillPutAway', version: 4, time: '2026-11-28T03:00:00.000Z', actor, data: { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-02', qty: 4 }], putAwayAt: '2026-11-28T03:00:00.000Z' } },
    ];
    const [log] = loggedActions(def);
    const rows = logRows(def, log!, history, 4);
    expect(rows.map((r) => [r.version, r.row.warehousePlaceCode, r.row.qty, r.span])).toEqual([[3, 'A-01-01', 6, 2], [3, 'A-01-03', 2, 0], [4, 'A-01-02', 4, 1]]);
    expect(rows[0]!.actor).toBe('高凯');
    // as of version 3 the second part had not happened
    expect(logRows(def, log!, history, 3)).toHaveLength(2);
  });
});

describe('a tab names the document, the mode and its number, never a path', () => {
  // the keys a label holds, shown as they are: what resolveLabel would look up
  const keys = new Set(['isinstockbill.title', 'consignment.title', 'signing.title', 'role.title', 'syscode.title', 'common.view', 'common.new', 'common.edit', 'consignment']);
  const exists = (key: string) => keys.has(key);
  const said = (label: string) => resolveLabel(label, { exists, t: (key) => `<${key}>` });
  it('names a document page by its route, whatever its path, and adds the bill number once read', () => {
    const page = routePage([{ handle: undefined }, { handle: { page: { titleKey: 'isinstockbill.title', mode: 'view' } } }]);
    expect(page).toEqual({ titleKey: 'isinstockbill.title', mode: 'view' });
    expect(said(labelFor('/warehousingManagement/isinstockbillFormView/783c', '', undefined, exists, undefined, page))).toBe('<isinstockbill.title> · <common.view>');
    expect(said(labelFor('/warehousingManagement/isinstockbillFormView/783c', '', undefined, exists, undefined, page, 'RK2026112800004'))).toBe('<isinstockbill.title> · <common.view> · RK2026112800004');
    // a new form is 新增, never 查看, and has no number yet
    expect(said(pageLabel({ titleKey: 'consignment.title', mode: 'new' }, 'ignored'))).toBe('<consignment.title> · <common.new>');
    // a subject that is also a key (the serial code `consignment`) is shown as it is, never looked up
    expect(said(pageLabel({ titleKey: 'syscode.title', mode: 'view' }, 'consignment'))).toBe('<syscode.title> · <common.view> · consignment');
  });
  it('names a page its route names by the route, not as a view of the entry above its path, with its subject', () => {
    const entry = { node: { code: 'deliverybill', name: '签收单', path: '/deliveryBill', meta: { i18n: 'deliverybill.title' } }, exact: false, trail: [] } as unknown as Parameters<typeof labelFor>[2];
    expect(said(labelFor('/deliveryBill/deliveryBillEdit/9f56', '', entry, exists, 'signing.title', undefined, 'QS2026112800001'))).toBe('<signing.title> · QS2026112800001');
    // a page under an entry that no route names: the entry and the mode
    expect(said(labelFor('/md/role/9f56/edit', '', { ...entry!, node: { ...entry!.node, path: '/md/role', meta: { i18n: 'role.title' } } }, exists, undefined, undefined, 'dispatcher'))).toBe('<role.title> · <common.edit> · dispatcher');
  });

  it('names a page no entry and no route names as a page, not by its URL', () => {
    expect(labelFor('/somewhere/783c4a', '', undefined, exists)).toBe('pages.names.untitled');
  });
});

describe('names beside codes', () => {
  it('reads "code name", the code alone when the name says nothing more', () => {
    expect(codeAndName('C001', '安可食品')).toBe('C001 安可食品');
    expect(codeAndName('C001', null)).toBe('C001');
    expect(codeAndName('SH1-A', 'SH1-A')).toBe('SH1-A');
  });

  it('asks the codes a screen shows in one moment in one call per entity, at most a page of codes a call', async () => {
    const calls: [string, string[]][] = [];
    let run: () => void = () => undefined;
    const load = namesBatcher(
      async (entity, codes) => {
        calls.push([entity, [...codes]]);
        return new Map(codes.filter((c) => c !== 'GONE').map((c) => [c, `${c}-name`]));
      },
      (flush) => {
        run = flush;
      },
    );
    const materials = Array.from({ length: NAMES_PER_CALL + 3 }, (_, i) => `M${i}`);
    const asked = [load('customer', 'C001'), load('customer', 'C001'), load('customer', 'GONE'), ...materials.map((m) => load('material', m))];
    run();
    const names = await Promise.all(asked);
    expect(calls.map(([entity, codes]) => [entity, codes.length])).toEqual([['customer', 2], ['material', NAMES_PER_CALL], ['material', 3]]);
    expect(names.slice(0, 4)).toEqual(['C001-name', 'C001-name', null, 'M0-name']);
  });
});
