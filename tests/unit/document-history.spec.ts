import i18next, { type TFunction } from 'i18next';
import { documentByName, type DocumentDef } from '@tpl/contracts';
import { partsText, summarizeEvent, type SummaryLine } from '../../web/src/features/documents/eventSummary';
import { messages } from '../../web/src/i18n/messages';

/**
 * The history timeline's words (web/src/features/documents/eventSummary.ts): field: before →
 * after, records by code (shown with their names), documents by their numbers, rows row by row;
 * never JSON, never an id.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const doc = (name: string): DocumentDef => documentByName(name)!;

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'zh', resources: { zh: { translation: messages.zh } }, interpolation: { escapeValue: false } });
  t = i18n.t;
});

const texts = (lines: SummaryLine[]) => lines.map((l) => `${l.label}: ${partsText(l.parts)}`);
/** What the screen would print, ids and all: a document part prints its value (the id), so a test can see none is left as text. */
const printed = (lines: SummaryLine[]) => lines.flatMap((l) => l.parts.filter((p): p is string => typeof p === 'string')).join('');

describe('document history in words', () => {
  it('names the notes an order was accepted into by the notes themselves (their numbers), never their ids as JSON, and leaves no splits out loud', () => {
    const id = '94edc942-6c98-4769-8cda-a8ff0c3f5dd2';
    const lines = summarizeEvent(t, doc('consignment'), { type: 'ConsignmentAccepted', data: { notes: [{ id }], splits: [] } });
    expect(lines.map((l) => l.label)).toEqual(['运单']);
    expect(lines[0]!.parts).toEqual([{ doc: 'consignmentbill', by: 'id', value: id }]);
    expect(printed(lines)).not.toMatch(UUID);
    expect(printed(lines)).not.toContain('{');
  });

  it('reads a change as field: before → after, a customer by its code (its name beside it on screen), a line by its number', () => {
    const lines = summarizeEvent(t, doc('consignment'), {
      type: 'ConsignmentChanged',
      data: { changes: { customerCode: ['C001', 'C002'], 'lines.0.qty': [10, 12.5], deliveryMode: ['CUSTOMER_PICKUP', 'HOME_DELIVERY'] } },
    });
    expect(lines[0]!.parts).toEqual([{ ref: 'customer', code: 'C001' }, ' → ', { ref: 'customer', code: 'C002' }]);
    expect(texts(lines)).toEqual(['客户编码: C001 → C002', '明细第1行 数量: 10 → 12.5', '配送方式: 客户自提 → 送货上门']);
  });

  it('spells a dispatch\'s freight lines in words: price source, basis and unit by their labels, the note by its number, no id', () => {
    const lines = summarizeEvent(t, doc('dispatch'), {
      type: 'DispatchBillIssued',
      data: {
        freight: 63,
        freightLines: [
          { noteId: '94edc942-6c98-4769-8cda-a8ff0c3f5dd2', noteBillNo: 'YD2026112800008', materialCode: 'M0012', source: 'basicpay', priceCode: 'P-SH', basis: 'WEIGHT', quantity: 0.6, unit: 't', unitPrice: 80, amount: 48, formula: '0.6 t × 80.0000 = 48.00' },
        ],
      },
    });
    const all = texts(lines).join('\n');
    expect(all).toContain('线路运价');
    expect(all).toContain('按重量');
    expect(all).toContain('YD2026112800008');
    expect(all).not.toMatch(/basicpay|WEIGHT|× 80\.0000/);
    expect(all).not.toMatch(UUID);
  });

  it('reads the creation as the form orders it, hidden fields left out, lines counted', () => {
    const lines = summarizeEvent(t, doc('dispatch'), {
      type: 'DispatchBillCreated',
      data: { content: { billDate: '2026-11-28', carNo: '沪A12345', details: [{ noteId: 'x', noteVersion: 3 }] } },
    });
    expect(texts(lines)).toEqual(['单据日期: 2026-11-28', expect.stringMatching(/^车辆: 沪A12345$/), '派车明细: 1 行明细']);
    expect(lines[1]!.parts).toEqual([{ ref: 'basiccar', code: '沪A12345' }]);
  });

  it('never prints an object as JSON', () => {
    const lines = summarizeEvent(t, doc('isinstockbill'), { type: 'InboundBillPutAway', data: { unknownThing: { a: 1 }, placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-01', qty: 5 }] } });
    expect(printed(lines)).not.toContain('{');
    expect(texts(lines).join('\n')).toContain('库位 A-01-01');
  });
});
