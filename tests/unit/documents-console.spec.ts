import dayjs from 'dayjs';
import { consignmentDocument as def, documentContentSchemaOf, documentPath, documents, isinstockbill, osoutstockbill, type KitDocument } from '@tpl/contracts';
import {
  eventOfAction,
  filterQueryOf,
  filterValuesOf,
  filledLines,
  fillsFrom,
  formFieldsOf,
  headerLayout,
  landedOn,
  listColumnsOf,
  newFormValues,
  parseListQuery,
  quotedLine,
  quoteOf,
  quoteTaken,
  toContentInput,
  toFormValues,
  toListSearch,
} from '../../web/src/features/documents/model';
import { documentFields } from '../../web/src/features/flow/designer/conditions';
import { resolvePick } from '../../web/src/shared/widgets/formPick';

/**
 * The document console's pure part (web/src/features/documents/model.ts): what it reads off a
 * description to lay out, fill in and list a document, checked on the consignment order.
 */
describe('document console model', () => {
  it('lays the header out as the description groups it', () => {
    const { basic, groups } = headerLayout(def);
    expect(basic.map(([k]) => k)).toEqual(['billDate', 'customerCode', 'deliveryMode', 'plannedDate']);
    expect(groups.map(([k]) => k)).toEqual(['consignor', 'consignee']);
    expect(formFieldsOf(def)).toEqual(['billDate', 'customerCode', 'consignor', 'consignee', 'deliveryMode', 'plannedDate', 'remark', 'lines']);
  });

  it('starts a new document with its required dates today and one empty line', () => {
    expect(newFormValues(def, dayjs('2026-11-23T10:00:00'))).toEqual({ billDate: '2026-11-23', plannedDate: '2026-11-23', consignor: {}, consignee: {}, lines: [{}] });
  });

  it('reads the form as the server does: emptied values absent, so "details cannot be empty" and a repeated material are the server\'s words', () => {
    const schema = documentContentSchemaOf(def);
    const base = { ...(def.example as Record<string, unknown>) };
    const input = toContentInput(def, { ...base, remark: '', consignor: { ...(base.consignor as object), linkman: null } });
    expect(input.remark).toBeUndefined();
    expect((input.consignor as Record<string, unknown>).linkman).toBeUndefined();
    expect(schema.safeParse(toContentInput(def, { ...base, lines: [] })).error?.issues.map((i) => i.message)).toEqual(['validation.lines.empty']);
    const line = (base.lines as object[])[0]!;
    const twice = schema.safeParse(toContentInput(def, { ...base, lines: [line, { ...line }] }));
    expect(twice.error?.issues).toEqual([expect.objectContaining({ path: ['lines', 1, 'materialCode'], message: 'validation.lines.duplicate' })]);
  });

  it('edits a document from what the detail call returned', () => {
    const doc = { ...(def.example as object), id: 'x', remark: 'keep dry' } as unknown as KitDocument;
    const values = toFormValues(def, doc);
    expect(values.remark).toBe('keep dry');
    expect(values.consignor).toEqual((def.example as Record<string, unknown>).consignor);
    expect(values.consignor).not.toBe((def.example as Record<string, unknown>).consignor);
  });

  it('fills what a picked reference names: the first field that is not empty, only empty targets when it says so', () => {
    const customer = { code: 'C001', name: '鲜', fullName: '', linkman: '李磊', mobile: '13800138000', address: '港城路1号' };
    const filled = fillsFrom(def.fills!.customerCode, customer, (target) => (target === 'consignor.linkman' ? '王五' : undefined));
    expect(filled).toEqual({ 'consignor.name': '鲜', 'consignor.mobile': '13800138000', 'consignor.address': '港城路1号' });
    expect(fillsFrom(def.lines!.fills!.materialCode, { code: 'M1', name: '大米' }, () => 'typed')).toEqual({ name: '大米' });
    expect(fillsFrom(def.lines!.fills!.materialCode, undefined, () => undefined)).toEqual({});
  });

  it('picking a goods line\'s material fills its unit, weight per piece and pack at once, and its volume once the quantity is there', () => {
    const m0007 = { code: 'M0007', name: '挂面', unitCode: 'CTN', gross: 6, unitVolume: 0.0238, packspecCode: 'PS-CTN24' };
    const line: Record<string, unknown> = { qty: 170 };
    expect(fillsFrom(isinstockbill.lines.fills!.materialCode, m0007, (target) => line[target])).toEqual({ unitCode: 'CTN', qtyWeg: 6, packspecCode: 'PS-CTN24', volume: 4.046 });
    // no quantity yet: the volume waits (the server computes it on save); a material without figures fills what it has
    expect(fillsFrom(osoutstockbill.lines.fills!.materialCode, m0007, () => undefined)).toEqual({ unitCode: 'CTN', qtyWeg: 6, packspecCode: 'PS-CTN24' });
    expect(fillsFrom(osoutstockbill.lines.fills!.materialCode, { code: 'MX', unitCode: 'PCS' }, (t) => (t === 'qty' ? 3 : undefined))).toEqual({ unitCode: 'PCS' });
  });

  describe('quoting material lines (issue 30)', () => {
    const byName = (name: string) => documents.find((d) => d.name === name)!;

    it('is offered on every type whose hand-added lines name a material, read off the description', () => {
      const quoting = documents.filter((d) => quoteOf(d.lines)).map((d) => d.name);
      // goods lines typed by hand quote; lines taken from stock or copied from a source do not
      expect(quoting).toEqual(expect.arrayContaining(['consignment', 'orderisinstockbill', 'isinstockbill', 'planbill']));
      for (const name of ['checkbill', 'inventorylossbill', 'warehousetransferbill', 'wavebill', 'loadbill']) expect(quoting).not.toContain(name);
      for (const d of documents.filter((x) => quoteOf(x.lines))) {
        const field = d.lines!.fields[quoteOf(d.lines)!.key]!;
        expect(field.kind === 'ref' && field.entity).toBe('material');
      }
      expect(quoteOf(def.lines)).toMatchObject({ key: 'materialCode', unique: true, splitBy: [] });
      // an inbound bill's lines are unique by material and batch: the batch splits a material
      expect(quoteOf(isinstockbill.lines)).toMatchObject({ key: 'materialCode', unique: true, splitBy: ['batchNo'] });
      expect(byName('planbill').lines && quoteOf(byName('planbill').lines)?.splitBy).toEqual([]);
    });

    it('refuses a material the details hold, unless a batch tells its line apart', () => {
      const rows = [{ materialCode: 'M1', qty: 1 }, { materialCode: 'M2', batchNo: 'B1' }, {}, undefined];
      expect([...quoteTaken(quoteOf(def.lines)!, rows)].sort()).toEqual(['M1', 'M2']);
      // M2's line has a batch: a quoted line without one is another line
      expect([...quoteTaken(quoteOf(isinstockbill.lines)!, rows)]).toEqual(['M1']);
      expect(quoteTaken(quoteOf(def.lines)!, undefined).size).toBe(0);
    });

    it('makes a quoted material\'s line as one pick of it fills a line, and lets the empty starting line go', () => {
      const m0007 = { code: 'M0007', name: '挂面', unitCode: 'CTN', gross: 6, unitVolume: 0.0238, packspecCode: 'PS-CTN24' };
      expect(quotedLine(isinstockbill.lines, quoteOf(isinstockbill.lines)!, 'M0007', m0007)).toEqual({ materialCode: 'M0007', unitCode: 'CTN', qtyWeg: 6, packspecCode: 'PS-CTN24' });
      expect(quotedLine(def.lines!, quoteOf(def.lines)!, 'M0007', m0007)).toEqual({ materialCode: 'M0007', name: '挂面' });
      expect(filledLines([{}, { qty: null, name: '' }, { qty: 1 }, undefined])).toEqual([{ qty: 1 }]);
    });

    it('reads the owner the picker reads, and names it while it is missing', () => {
      const pick = quoteOf(isinstockbill.lines)!.field.pick;
      expect(resolvePick(pick, {})).toEqual({ pick: {}, missing: ['customerCode'] });
      expect(resolvePick(pick, { customerCode: 'C001' })).toEqual({ pick: { custCode: 'C001' }, missing: [] });
      expect(resolvePick({ holdsPlaces: '1' }, undefined)).toEqual({ pick: { holdsPlaces: '1' }, missing: [] });
    });
  });

  it('lists the description\'s columns, the number, state and review leading, who made it and when it changed last', () => {
    const keys = listColumnsOf(def).map((c) => c.key);
    expect(keys.slice(0, 3)).toEqual(['billNo', 'state', 'isReview']);
    expect(keys).toEqual(expect.arrayContaining(['consignorName', 'totalQty', 'createdByName', 'updatedAt']));
    expect(listColumnsOf(def).find((c) => c.key === 'deliveryMode')).toMatchObject({ kind: 'enum', field: { kind: 'enum' } });
  });

  it('keeps filters, page and sort in the URL and reads them back; a refused parameter is dropped', () => {
    const query = parseListQuery(def, new URLSearchParams('state=Audited&dateFrom=2026-11-01&dateTo=2026-11-30&size=50&sort=nope'));
    expect(query).toMatchObject({ state: 'Audited', dateFrom: '2026-11-01', dateTo: '2026-11-30', size: 50, sort: 'billNo', order: 'desc' });
    expect(toListSearch(def, query).toString()).toBe('size=50&state=Audited&dateFrom=2026-11-01&dateTo=2026-11-30');
    const values = filterValuesOf(def, query);
    expect(filterQueryOf(def, { ...values, billNo: ' TY1 ' })).toEqual({ billNo: 'TY1', state: 'Audited', customerCode: undefined, dateFrom: '2026-11-01', dateTo: '2026-11-30' });
  });

  it('shows what facts landed on the document, and only those it holds', () => {
    const doc = { dispatch: { dispatchedAt: '2026-11-23T08:00:00.000Z' }, acceptedAt: '2026-11-23T07:30:00.000Z', auditedAt: '2026-11-23T07:00:00.000Z' } as unknown as KitDocument;
    expect(landedOn(def, doc).map((l) => [l.key, l.kind])).toEqual([
      ['auditedAt', 'at'],
      ['acceptedAt', 'at'],
      ['dispatch.dispatchedAt', 'at'],
    ]);
  });

  it('names each button after its machine event and finds every page at the description\'s paths', () => {
    expect(['edit', 'remove', 'submitReview', 'audit', 'cancel'].map((a) => eventOfAction(def, a))).toEqual(['EDIT', 'REMOVE', 'SUBMIT_REVIEW', 'AUDIT', 'CANCEL']);
    expect(documentPath(def, 'edit', 'a1')).toBe('/consignmentOrderbill/consignmentOrderbillEdit/a1');
    expect(documentPath(def, 'new')).toBe('/consignmentOrderbill/consignmentOrderbillAdd');
  });

  it('offers a review condition the fields of the description, a fact\'s too', () => {
    const byPath = Object.fromEntries(documentFields('consignment').map((f) => [f.path, f]));
    expect(byPath['state']).toEqual({ path: 'state', kind: 'enum', options: Object.keys(def.lifecycle.states) });
    expect(byPath['signer']?.kind).toBe('string');
    expect(byPath['lines.qty']).toBeUndefined();
  });
});
