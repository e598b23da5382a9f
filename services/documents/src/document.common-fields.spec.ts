import {
  AMOUNT_TOTAL,
  CURRENCIES,
  canMakeFrom,
  documentContentSchemaOf,
  documentTotals,
  documents,
  isinstockbill,
  orderisinstockbill,
  ossobill,
  osoutstockbill,
  validLinesView,
} from '@tpl/contracts';
import type { NewEvent, StoredEvent } from '@tpl/event-store';
import { InvalidDocument, decideDocument, type DocumentCommand } from './document.decider';
import { documentFold, type DocState } from './document.fold';

// The kit's common header and line fields (spec 02 section 3.3), given/when/then: docs/DOMAIN.md "Common header and line fields".
const actor = { userId: 'u1', account: 'keeper', name: 'Kim', deptId: 'D01' };
const meta = { now: '2026-11-23T08:00:00.000Z', actor };
const id = '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11';
const content = (over: Record<string, unknown> = {}, details?: Record<string, unknown>[]) => ({
  billDate: '2026-11-23',
  customerCode: 'C001',
  warehouseAreaCode: 'A01',
  stockType: 'NORMAL',
  details: details ?? [{ materialCode: 'M001', qty: 3, price: 0.1 }, { materialCode: 'M002', qty: 7.5, price: 12.3456 }],
  ...over,
});

const fold = documentFold(isinstockbill);
const stateOf = (events: NewEvent[]): DocState =>
  events
    .map((e, i): StoredEvent => ({ ...e, streamName: `InboundBill-t1-${id}`, globalPosition: String(i + 1), version: i + 1, metadata: { tenantId: 't1', actor, occurredAt: meta.now, correlationId: 'c' } }))
    .reduce(fold.evolve, fold.initial());
const created = (c: Record<string, unknown>): NewEvent => ({ type: 'InboundBillCreated', data: { id, billNo: 'RK202611230001', content: c, isReview: 0 } });
const act = (action: string, fields: Record<string, unknown> = {}): DocumentCommand => ({ type: 'Act', data: { id, expectedVersion: 1, action, fields } });
const issues = (c: Record<string, unknown>) => {
  const r = documentContentSchemaOf(isinstockbill).safeParse(c);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('totals: price x quantity, exact, over the valid lines', () => {
  it('0.1 x 3 + 12.3456 x 7.5 is 92.892, 92.89 to the cent (binary floating point would say 0.30000000000000004 + ...)', () => {
    expect(documentTotals(isinstockbill, content())).toMatchObject({ qty: 10.5, amount: 92.89 });
  });

  it('a line flagged invalid counts in no total: not its quantity, weight or amount', () => {
    const c = content({}, [{ materialCode: 'M001', qty: 3, price: 0.1, qtyWeg: 0, weg: 1 }, { materialCode: 'M002', qty: 7.5, price: 12.3456, invalid: 1, weg: 2 }]);
    expect(documentTotals(isinstockbill, c)).toMatchObject({ qty: 3, weg: 1, amount: 0.3 });
  });

  it('every description whose lines carry a unit price has the total amount; one that sums its own amount keeps it', () => {
    const priced = documents.filter((d) => d.lines && 'price' in d.lines.fields && 'qty' in d.lines.fields);
    expect(priced.map((d) => d.name)).toEqual(expect.arrayContaining(['isinstockbill', 'osoutstockbill', 'orderisinstockbill', 'warehousetransferbill', 'voucherbill']));
    for (const d of priced) expect(d.lines!.totals!.amount).toBeDefined();
    expect(osoutstockbill.lines.totals).toHaveProperty('amount', AMOUNT_TOTAL);
    expect(ossobill.lines.totals.amount.of).toBe('amount');
  });
});

describe('the common header and line fields on every warehouse description, with their rules', () => {
  it('warehouse documents carry the common header and lines; the currency is a choice in words', () => {
    for (const d of documents.filter((x) => x.service === 'bl-warehouse')) {
      expect(Object.keys(d.header)).toEqual(expect.arrayContaining(['currencyCode', 'currencyRate', 'companyCode', 'deptCode', 'invalid']));
      if (d.lines && 'materialCode' in d.lines.fields) expect(Object.keys(d.lines.fields)).toEqual(expect.arrayContaining(['applyCode', 'price', 'account', 'invalid', 'spareString1', 'spareString4']));
    }
    expect(isinstockbill.header.currencyCode).toMatchObject({ kind: 'enum', valueLabels: CURRENCIES });
    expect(isinstockbill.lines.fields.applyCode.generated).toBe(true);
  });

  it('a rate left out is 1; a rate of 0 or a negative price is refused naming the field', () => {
    const r = documentContentSchemaOf(isinstockbill).safeParse(content());
    expect(r.success && r.data.currencyRate).toBe(1);
    expect(issues(content({ currencyRate: 0 }))).toEqual(['currencyRate: validation.positive']);
    expect(issues(content({}, [{ materialCode: 'M001', qty: 3, price: -1 }]))).toEqual(['details.0.price: validation.nonNegative']);
    expect(issues(content({ currencyCode: 'XXX' }))).toHaveLength(1);
  });

  it('lines all flagged invalid are no lines: "details cannot be empty"', () => {
    expect(issues(content({}, [{ materialCode: 'M001', qty: 3, invalid: 1 }]))).toEqual(['details: validation.lines.empty']);
    expect(issues(content({}, [{ materialCode: 'M001', qty: 3, invalid: 1 }, { materialCode: 'M002', qty: 1 }]))).toEqual([]);
  });

  it('the maker is stamped from the actor, never from the content', () => {
    const s = stateOf([created(content({ makeUserCode: 'someone' }))]);
    expect(s.status === 'existing' && s.doc.makeUserCode).toBe('keeper');
  });

  it('a step sees only the valid lines (their numbers kept)', () => {
    const doc = { details: [{ lineNumber: 1, invalid: 1 }, { lineNumber: 2 }] };
    expect(validLinesView(isinstockbill, doc).details).toEqual([{ lineNumber: 2 }]);
  });
});

describe('an invalid document is set aside', () => {
  const invalid = created(content({ invalid: 1 }));
  it('given a bill flagged invalid, when received, then 409: no stock moves', () => {
    expect(() => decideDocument(isinstockbill, act('receive'), stateOf([invalid]), meta)).toThrow(InvalidDocument);
  });
  it('it may still be cancelled, or edited to take the flag off', () => {
    expect(decideDocument(isinstockbill, act('cancel'), stateOf([invalid]), meta)).toEqual([{ type: 'InboundBillCancelled', data: {} }]);
    const change: DocumentCommand = { type: 'Change', data: { id, expectedVersion: 1, content: content({ invalid: 0 }) } };
    expect(decideDocument(isinstockbill, change, stateOf([invalid]), meta)).toHaveLength(1);
  });
  it('a valid bill receives as before', () => {
    expect(decideDocument(isinstockbill, act('receive'), stateOf([created(content())]), meta)).toEqual([{ type: 'InboundBillReceived', data: { receivedAt: meta.now } }]);
  });
  it('no later step is made from an invalid document', () => {
    const how = isinstockbill.sources.orderisinstockbill;
    expect(canMakeFrom(how, { state: 'Audited' })).toBe(true);
    expect(canMakeFrom(how, { state: 'Audited', invalid: 1 })).toBe(false);
    expect(orderisinstockbill.name).toBe('orderisinstockbill');
  });
});
