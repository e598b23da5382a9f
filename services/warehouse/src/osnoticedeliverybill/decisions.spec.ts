import { osnoticedeliverybill, osoutstockbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { deliveryNoticeDecisions, type NoticeFacts } from './decisions';

// The delivery notice (DN), given / when / then: what it may announce, when it is received early or on time (docs/DOMAIN.md "Sales orders and delivery notices (issue 30)").
const spec = documentSpec(osnoticedeliverybill, deliveryNoticeDecisions(undefined), { id: 'n1', billNo: 'DN001' });
const owner = { customerCode: 'C1', warehouseAreaCode: 'B' };
const content = (o: Record<string, unknown> = {}) => ({
  ...owner,
  billDate: '2026-11-24',
  outBillNo: 'CK001',
  receiverName: 'Chan',
  expectedDate: '2026-11-26',
  details: [{ materialCode: 'M1', batchNo: 'B1', qty: 6 }],
  ...o,
});
const bill = (o: Record<string, unknown> = {}) =>
  documentSpec(osoutstockbill, {}, { id: 'o1', billNo: 'CK001' })
    .given([documentSpec(osoutstockbill, {}, { id: 'o1', billNo: 'CK001' }).created({ ...owner, stockType: 'NORMAL', billDate: '2026-11-24', details: [{ materialCode: 'M1', batchNo: 'B1', qty: 6 }] })])
    .document() as unknown as Record<string, unknown>;
const shipped = (o: Record<string, unknown> = {}): NoticeFacts => ({ bill: { ...bill(), state: 'Shipped', ...o } as NoticeFacts['bill'] });
const issued = () => [spec.created(content()), spec.acted('issue')];

describe('delivery notice decisions', () => {
  it('is expected, by default, the business day after its bill shipped: on the Shanghai wall clock, not UTC', () => {
    const copy = (shippedAt: string) => osnoticedeliverybill.sources.osoutstockbill.copy({ ...bill(), shippedAt, state: 'Shipped' }).expectedDate;
    // 00:30 in Shanghai on the 30th is 16:30 UTC on the 29th: expected on 1 December, not on the day it shipped
    expect(copy('2026-11-29T16:30:00.000Z')).toBe('2026-12-01');
    expect(copy('2026-11-29T15:59:00.000Z')).toBe('2026-11-30');
    expect(copy('2026-12-31T10:00:00.000Z')).toBe('2027-01-01');
  });

  it('is saved and issued as what its shipped bill carried', () => {
    spec.given([], shipped()).when({ create: content() }).then({ doc: { state: 'Draft', details: [{ lineNumber: 1, materialCode: 'M1', qty: 6 }] } });
    spec.given([spec.created(content())], shipped()).when({ act: 'issue' }).then({ doc: { state: 'Issued', issuedAt: expect.any(String) } });
  });

  it('refuses a bill that has not shipped, or another owner\'s', () => {
    spec.given([], shipped({ state: 'Picked' })).when({ create: content() }).thenRefused({ code: 409, key: 'warehouse.errors.noticeBillNotShipped', vars: { outBillNo: 'CK001' } });
    spec.given([], shipped({ customerCode: 'C2' })).when({ create: content() }).thenRefused({ code: 409, key: 'warehouse.errors.noticeBillNotShipped' });
    spec.given([spec.created(content())], {}).when({ act: 'issue' }).thenRefused({ code: 409, key: 'warehouse.errors.noticeBillNotShipped' });
  });

  it('names the batch a bill line without one shipped (its allocation chose it), within what the line shipped', () => {
    const noBatch = { bill: { ...bill(), state: 'Shipped', details: [{ lineNumber: 1, materialCode: 'M1', qty: 6 }] } as unknown as NoticeFacts['bill'] };
    spec.given([], noBatch).when({ create: content({ details: [{ materialCode: 'M1', batchNo: 'B7', qty: 4 }, { materialCode: 'M1', batchNo: 'B8', qty: 2 }] }) }).then({ doc: { state: 'Draft' } });
    spec.given([], noBatch).when({ create: content({ details: [{ materialCode: 'M1', batchNo: 'B7', qty: 5 }, { materialCode: 'M1', batchNo: 'B8', qty: 2 }] }) }).thenRefused({
      code: 409, key: 'warehouse.errors.noticeOverShipped', vars: { materialCode: 'M1', shipped: 6, wanted: 7 },
    });
  });

  it('refuses to announce goods the bill did not ship, or more than it shipped', () => {
    spec.given([], shipped()).when({ create: content({ details: [{ materialCode: 'M1', batchNo: 'B2', qty: 1 }] }) }).thenRefused({
      code: 409, key: 'warehouse.errors.noticeNotShipped', vars: { materialCode: 'M1', batchNo: 'B2' },
    });
    spec.given([], shipped()).when({ change: content({ details: [{ materialCode: 'M1', batchNo: 'B1', qty: 7 }] }) }).thenRefused({
      code: 409, key: 'warehouse.errors.noticeOverShipped', vars: { materialCode: 'M1', shipped: 6, wanted: 7 },
    });
  });

  it('one notice in force per shipped bill: another is refused until the first is cancelled', () => {
    spec.given([], { ...shipped(), others: ['DN000'] }).when({ create: content() }).thenRefused({ code: 409, key: 'warehouse.errors.noticeTwice', vars: { outBillNo: 'CK001', billNo: 'DN000' } });
    // itself is not another
    spec.given([spec.created(content())], { ...shipped(), others: ['DN001'] }).when({ act: 'issue' }).then({ doc: { state: 'Issued' } });
    spec.given([spec.created(content())], { ...shipped(), others: ['DN001'] }).when({ change: content({ receiverName: 'Lee' }) }).then({ doc: { receiverName: 'Lee' } });
  });

  // business day in Asia/Shanghai (UTC+8): 2026-11-25T17:00Z is already the 26th there
  it('is received early before its expected arrival day, after which early is refused', () => {
    spec.given(issued()).when({ act: 'receiveEarly' }, { now: '2026-11-25T15:59:00.000Z' }).then({ doc: { state: 'ReceivedEarly', receivedAt: '2026-11-25T15:59:00.000Z', receivedBy: expect.anything() } });
    spec.given(issued()).when({ act: 'receiveEarly' }, { now: '2026-11-25T17:00:00.000Z' }).thenRefused({ code: 409, key: 'warehouse.errors.notEarly', vars: { billNo: 'DN001', expectedDate: '2026-11-26' } });
  });

  it('is received on or after its expected arrival day; before it the receipt is an early one', () => {
    spec.given(issued()).when({ act: 'receive' }, { now: '2026-11-25T17:00:00.000Z' }).then({ doc: { state: 'Received' } });
    spec.given(issued()).when({ act: 'receive' }, { now: '2026-11-24T12:00:00.000Z' }).thenRefused({ code: 409, key: 'warehouse.errors.receiveEarlyInstead', vars: { expectedDate: '2026-11-26' } });
  });

  it('is not received before it is issued, nor twice (the machine)', () => {
    spec.given([spec.created(content())]).when({ act: 'receiveEarly' }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
    spec.given([...issued(), spec.acted('receive')]).when({ act: 'receiveEarly' }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
  });
});
