import type { CommandResult, KitDocument } from '@tpl/contracts';
import { runAsSystem } from '@tpl/event-store';
import { RECORDS_TABLE } from '@tpl/masterdata';
import { ApiClient, data } from './api-client';
import { seedCustomers, seedRecords, type TestHost } from './host';

const TENANT = '100001';

const T = '/api/bl-transport';
const detail = async (c: ApiClient, doc: string, id: string) => data(await c.get<KitDocument>(`${T}/${doc}/detail?id=${id}`));
const must = async <X>(p: Promise<{ status: number; body: { data: X; msg: string } }>): Promise<X> => {
  const r = await p;
  if (r.status !== 200) throw new Error(`${r.status}: ${r.body.msg}`);
  return r.body.data;
};

/**
 * Walks an accepted order's notes through the chain by the API, as dispatchers and the
 * depot would (issue 14): the board's dispatch onto a vehicle, loading, the arrival
 * confirmation, the review confirmation and signing of every delivery bill.
 */
export const walkOrderToSigned = async (c: ApiClient, orderId: string, carNo: string, lineCode: string, signer = 'Han Mei') => {
  const order = await detail(c, 'consignment', orderId);
  const notes = await Promise.all(((order.notes as { id: string }[] | undefined) ?? []).map((n) => detail(c, 'consignmentbill', n.id)));
  const put = await must(c.post<{ dispatch: CommandResult }>(`${T}/dispatch/board-dispatch`, { notes: notes.map((n) => ({ id: n.id, version: n.version })), carNo, lineCode }));
  const lb = await must(c.post<CommandResult>(`${T}/loadingbill/submit`, { billDate: order.billDate, dispatchId: put.dispatch.id, details: notes.map((n) => ({ noteId: n.id, noteBillNo: n.billNo })) }));
  const loaded = await must(c.post<CommandResult>(`${T}/loadingbill/load`, { id: lb.id, version: lb.version }));
  await must(c.post(`${T}/loadingbill/arrive`, { id: lb.id, version: loaded.version }));
  const arrival = await detail(c, 'arrivalbill', String((await detail(c, 'loadingbill', lb.id)).arrivalBillId));
  await must(c.post(`${T}/arrivalbill/review`, { id: arrival.id, version: arrival.version, reviewResult: 'OK' }));
  for (const n of notes) {
    const d = await detail(c, 'deliverybill', String((await detail(c, 'consignmentbill', n.id)).deliveryBillId));
    await must(c.post(`${T}/deliverybill/sign`, { id: d.id, version: d.version, signer, signature: crypto.randomUUID() }));
  }
  return { dispatchId: put.dispatch.id, notes: notes.map((n) => n.id) };
};

/** The fleet, routes and prices of the tests: valid records, plus records that break a rule (written before the rules). */
export const seedTransportFleet = async (t: TestHost) => {
  const h = t.host;
  await seedCustomers(h, TENANT, ['C002', 'C003']);
  await seedRecords(h, TENANT, 'basiccarrier', [{ code: 'CR01', name: '顺达运输' }]);
  const drivers = [
    ['D01', '310101198503120014'],
    ['D02', '310104199007230015'],
    ['D03', '320501198811050015'],
    ['D04', '310115199203140016'],
    ['DBAD', '310101198503120014'],
  ];
  await seedRecords(h, TENANT, 'basicdriver', drivers.map(([code, idCard], i) => ({ code, name: `司机${i}`, mobile: `1370013700${i}`, idCard, carrierCode: 'CR01' })));
  const plates = ['沪A10001', '沪A10002', '沪A10003', '沪A10004', '沪A10005', '沪A10006', '沪A10007', '沪A10008', '沪A10009', '沪A10010'];
  await seedRecords(h, TENANT, 'basiccar', plates.map((carNo, i) => ({ carNo, carType: 'BOX_TRUCK', carrierCode: 'CR01', driverCode: `D0${(i % 4) + 1}` })));
  await seedRecords(h, TENANT, 'basiccar', [{ carNo: '沪B00001', carType: 'VAN', driverCode: 'DBAD' }, { carNo: '沪B00002', carType: 'VAN', driverCode: 'D01', invalid: 1 }, { carNo: '沪B00003', carType: 'VAN', driverCode: 'D01' }]);
  await seedRecords(h, TENANT, 'basicline', [{ code: 'L01', name: '上海-苏州', durationHours: 8 }, { code: 'L02', name: '上海-杭州' }]);
  await seedRecords(h, TENANT, 'basicpay', [{ code: 'P-L01', name: 'L01 by weight', lineCode: 'L01', basis: 'WEIGHT', unitPrice: 120 }]);
  await seedRecords(h, TENANT, 'basicgoodsforpay', [{ code: 'G-L01-M0008', lineCode: 'L01', materialCode: 'M0008', basis: 'VOLUME', unitPrice: 80 }]);
  await seedRecords(h, TENANT, 'basicpackge', [{ code: 'PK', name: 'per package', unitPrice: 0.5 }]);
  await seedRecords(h, TENANT, 'customershippingrules', [{ customerCode: 'C002', freezeShipment: 1 }, { customerCode: 'C003', maxShipmentBatch: 1 }]);
  // records from before the rules: a check digit that does not match, a plate too short (the API would refuse both now)
  const pool = h.storage.db.pool;
  await runAsSystem(async () => {
    await pool.query(`UPDATE ${RECORDS_TABLE} SET data = jsonb_set(data, '{idCard}', '"310101198503120019"') WHERE tenant_id = $1 AND entity = 'basicdriver' AND code = 'DBAD'`, [TENANT]);
    await pool.query(`UPDATE ${RECORDS_TABLE} SET data = jsonb_set(data, '{carNo}', '"沪B0003"') WHERE tenant_id = $1 AND entity = 'basiccar' AND code = '沪B00003'`, [TENANT]);
  });
  return plates;
};

