import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 30 item 1: the common header and line fields of spec 02 section 3.3 through the API
 * (docs/DOMAIN.md "Common header and line fields"): saved and read back with what the server
 * fills (currency, rate, company, maker, the exact total amount); bad input a 400 naming the
 * field; an invalid document takes no step; an inbound bill's agreementCode prices its receipt.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type Line = Record<string, unknown>;
type Doc = Result & Record<string, unknown> & { details: Line[]; totals: Record<string, number> };
const IN = '/api/bl-warehouse/isinstockbill';
const OUT = '/api/bl-warehouse/osoutstockbill';
const en = { 'Accept-Language': 'en' };

describe.each(DOMAIN_STORES)('common document fields on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let finance: ApiClient;
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const justNow = () => new Date(Date.now() - 60_000).toISOString();

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
    finance = await t.client().as('100001', 'finance');
  }, 300_000);
  afterAll(async () => t?.stop());

  const inbound = (header: Record<string, unknown>, details: Line[]) =>
    admin.post<Result>(`${IN}/submit`, { billDate: today, customerCode: 'C004', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', ...header, details }, en);

  it('an inbound bill saved with the header and line fields reads back with them; the server fills currency, company and maker, and sums the amount exactly', async () => {
    const made = data(await inbound({ currencyRate: '0.915' }, [
      { materialCode: 'M0007', qty: 3, price: '0.1', account: '1405', spareString1: 'PO-778', spareString4: '客户备注', volumeLength: 41.5 },
      { materialCode: 'M0008', qty: 7.5, price: 12.3456 },
      { materialCode: 'M0009', qty: 100, price: 9, invalid: 1 },
    ]));
    const doc = data(await admin.get<Doc>(`${IN}/detail?id=${made.id}`));
    expect(doc).toMatchObject({ currencyCode: 'CNY', currencyRate: 0.915, companyCode: 'HB01', makeUserCode: 'admin' });
    expect(doc.details[0]).toMatchObject({ price: 0.1, account: '1405', spareString1: 'PO-778', spareString4: '客户备注', volumeLength: 41.5, volumeWidth: 27, packspecCode: 'PS-CTN24' });
    expect(doc.details[2]).toMatchObject({ invalid: 1, qty: 100 });
    // 0.1 x 3 + 12.3456 x 7.5 = 92.892: 92.89; the invalid line counts in no total
    expect(doc.totals).toMatchObject({ qty: 10.5, amount: 92.89 });
    // what the server owns is not the caller's: a maker sent is not taken
    const changed = data(await admin.post<Result>(`${IN}/submit`, { ...doc, id: made.id, version: doc.version, makeUserCode: 'someone', currencyCode: 'HKD', details: doc.details.slice(0, 2) }, en));
    expect(data(await admin.get<Doc>(`${IN}/detail?id=${changed.id}`))).toMatchObject({ makeUserCode: 'admin', currencyCode: 'HKD', totals: { amount: 92.89 } });
    // the list and its export carry the amount
    const list = data(await admin.get<{ records: Record<string, unknown>[] }>(`${IN}/list?billNo=${made.billNo}`));
    expect(list.records[0]).toMatchObject({ totalAmount: 92.89 });
  });

  it('bad input is a 400 naming the field in the user\'s language: a negative price, a rate of 0, a currency not offered', async () => {
    const price = await inbound({}, [{ materialCode: 'M0007', qty: 1, price: -1 }]);
    expect(price.status).toBe(400);
    expect(price.body.msg).toContain('Unit price');
    const rate = await inbound({ currencyRate: 0 }, [{ materialCode: 'M0007', qty: 1 }]);
    expect(rate.status).toBe(400);
    expect(rate.body.msg).toContain('Exchange rate');
    const currency = await inbound({ currencyCode: 'XXX' }, [{ materialCode: 'M0007', qty: 1 }]);
    expect(currency.status).toBe(400);
    expect(currency.body.msg).toContain('Currency');
    const allInvalid = await inbound({}, [{ materialCode: 'M0007', qty: 1, invalid: 1 }]);
    expect(allInvalid.status).toBe(400);
  });

  it('a bill flagged invalid takes no step (409, nothing moves); taking the flag off lets it receive', async () => {
    const made = data(await inbound({ invalid: 1 }, [{ materialCode: 'M0007', qty: 2 }]));
    const refused = await admin.post(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: justNow() }, en);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('invalid');
    const doc = data(await admin.get<Doc>(`${IN}/detail?id=${made.id}`));
    expect(doc).toMatchObject({ state: 'Draft', version: made.version });
    const valid = data(await admin.post<Result>(`${IN}/submit`, { ...doc, id: made.id, version: doc.version, invalid: 0 }, en));
    expect(data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: valid.version, receivedAt: justNow() }))).toMatchObject({ state: 'Received' });
  });

  it('an outbound bill\'s kind, dispatch mode and processing charge are saved; its stock stream is not posted until it ships', async () => {
    const made = data(await admin.post<Result>(`${OUT}/submit`, {
      billDate: today, customerCode: 'C004', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL',
      type: 'SALES', outTransferType: 'DELIVERY', processPrice: '1.25', isCost: 1, costTime: justNow(), streamStatus: 'POSTED',
      details: [{ materialCode: 'M0007', qty: 1, price: 5 }],
    }, en));
    expect(data(await admin.get<Doc>(`${OUT}/detail?id=${made.id}`))).toMatchObject({ type: 'SALES', outTransferType: 'DELIVERY', processPrice: 1.25, isCost: 1, streamStatus: 'UNPOSTED', totals: { amount: 5 } });
    expect((await admin.post(`${OUT}/submit`, { billDate: today, customerCode: 'C004', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', type: 'NOPE', details: [{ materialCode: 'M0007', qty: 1 }] }, en)).status).toBe(400);
  });

  it('billing prices a receipt by the agreement its inbound bill names, instead of the owner\'s agreement in force', async () => {
    // the owner's own special rate for this receipt: 50 a tonne (its agreement in force charges 36)
    data(await admin.post('/api/bl-basic/lgagreement/submit', { code: 'AG-C004-SP', name: '洁净日化 专项装卸', customerCode: 'C004', startDate: '2030-01-01', endDate: '2030-12-31', cycleUnitCost: 50, dayUnitCost: 0 }, en));
    const named = data(await inbound({ agreementCode: 'AG-C004-SP' }, [{ materialCode: 'M0007', qty: 170, warehousePlaceCode: 'A-05-01' }]));
    expect(data(await admin.get<Doc>(`${IN}/detail?id=${named.id}`))).toMatchObject({ agreementCode: 'AG-C004-SP' });
    data(await admin.post(`${IN}/receive`, { id: named.id, version: named.version, receivedAt: justNow() }));
    // an agreement that is not the owner's, or none, is refused by the reference check
    expect((await inbound({ agreementCode: 'NO-SUCH' }, [{ materialCode: 'M0007', qty: 1 }])).status).toBe(400);

    const bill = data(await finance.post<{ generated: { id: string }[] }>('/api/bl-billing/monthbill/generate', { month, customerCode: 'C004' }, en)).generated[0]!;
    // 170 cartons x 6 kg = 1.02 t at 50 (not 36): 51.00; plus the 2 cartons received above under the agreement in force: 0.012 t x 36 = 0.43
    expect(data(await finance.get<Record<string, unknown>>(`/api/bl-billing/monthbill/detail?id=${bill.id}`))).toMatchObject({ inStockCoolieCost: 51.43 });
  });
});
