import { mailbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { mailDecisions, type MailFacts } from './mail.decisions';

// The mail bill, given / when / then: the bill it goes with, handing it to the courier, signing for it; never a stock effect (docs/DOMAIN.md "Mail bills and allocation").
const spec = documentSpec(mailbill, mailDecisions(undefined), { id: 'm1', billNo: 'YJ001' });
const content = (o: Record<string, unknown> = {}) => ({
  billDate: '2026-11-24',
  customerCode: 'C1',
  warehouseAreaCode: 'A',
  mailType: '1',
  courierCompany: 'SF Express',
  trackingNo: 'SF100',
  senderName: 'Warehouse',
  receiverName: 'Chan',
  pieces: 2,
  weight: 1.25,
  postage: 23.45,
  outBillNo: 'CK001',
  details: [{ materialCode: 'M1', qty: 3 }],
  ...o,
});
const ownBill: MailFacts = { related: { billNo: 'CK001', customerCode: 'C1' } };

describe('mail bill decisions', () => {
  it('is saved with the bill of its owner it goes with, or with none; pieces, weight and postage kept exactly', () => {
    spec.given([], ownBill).when({ create: content() }).then({ doc: { state: 'Draft', postage: 23.45, weight: 1.25, details: [{ lineNumber: 1, materialCode: 'M1', qty: 3 }] } });
    spec.given([], {}).when({ create: content({ outBillNo: undefined, details: [] }) }).then({ doc: { state: 'Draft', details: [] } });
    spec.given([], { related: { billNo: 'CK001', customerCode: 'C2' } }).when({ create: content() }).thenRefused({ code: 409, key: 'warehouse.errors.mailBillNotFound', vars: { relatedBillNo: 'CK001' } });
    spec.given([], {}).when({ create: content() }).thenRefused({ code: 409, key: 'warehouse.errors.mailBillNotFound' });
  });

  it('a received parcel goes with an inbound bill, a sent one with an outbound bill', () => {
    spec.given([], ownBill).when({ create: content({ mailType: '0' }) }).thenRefused({ code: 400, key: 'warehouse.errors.mailInboundOnly' });
    spec.given([], ownBill).when({ create: content({ outBillNo: undefined, inBillNo: 'RK001' }) }).thenRefused({ code: 400, key: 'warehouse.errors.mailOutboundOnly' });
    spec.given([], { related: { billNo: 'RK001', customerCode: 'C1' } }).when({ create: content({ mailType: '0', outBillNo: undefined, inBillNo: 'RK001' }) }).then({ doc: { state: 'Draft' } });
  });

  it('is handed to the courier with its tracking number given then, then signed for; it never touches stock', () => {
    spec.given([spec.created(content({ trackingNo: undefined }))], {}).when({ act: 'dispatch', fields: { trackingNo: 'SF200' } }).then({ doc: { state: 'InTransit', trackingNo: 'SF200', dispatchedAt: expect.any(String) }, effects: [] });
    spec.given([spec.created(content()), spec.acted('dispatch')], {}).when({ act: 'sign', fields: { signerName: 'Chan' } }).then({ doc: { state: 'Signed', signerName: 'Chan' }, effects: [] });
    spec.given([spec.created(content()), spec.acted('dispatch')], {}).when({ act: 'cancel', fields: { reason: 'lost' } }).then({ doc: { state: 'Cancelled' } });
  });
});
