import { dec, moneyText } from '@tpl/contracts';
import {
  agreementFor,
  basisQuantity,
  daysOf,
  difference,
  isZero,
  priceMonth,
  tierPrice,
  versionStamp,
  zeroQuantities,
  type AgreementVersion,
  type AreaFacts,
  type DayFacts,
  type MonthInput,
  type PackUse,
} from './pricing';

const agreement = (o: Partial<AgreementVersion> = {}): AgreementVersion => ({
  recordId: 'r1',
  code: 'AG1',
  customerCode: 'C001',
  areaCode: 'A',
  startDate: '2026-10-01',
  endDate: '2026-12-31',
  basis: 'WEIGHT',
  dayUnitCost: 1,
  cycleUnitCost: 10,
  tiers: [],
  stamp: '20261001000000000000',
  ...o,
});
const q = (qty: number, weight: number, pallets = 0, volume = 0) => ({ qty: dec(qty), weight: dec(weight), pallets: dec(pallets), volume: dec(volume) });
const day = (delta: ReturnType<typeof q>, h: Partial<{ inQty: number; inWeight: number; outQty: number; outWeight: number }> = {}): DayFacts => ({
  delta,
  inQty: dec(h.inQty ?? 0),
  inWeight: dec(h.inWeight ?? 0),
  outQty: dec(h.outQty ?? 0),
  outWeight: dec(h.outWeight ?? 0),
});
const area = (days: Record<string, DayFacts>, opening = zeroQuantities(), code: string | null = 'A'): AreaFacts => ({ areaCode: code, opening, days: new Map(Object.entries(days)) });

/** given the facts of a month, when it is priced, then the items and totals. */
const given = (o: Partial<MonthInput>) => ({
  when: () => priceMonth({ month: '2026-11', customerCode: 'C001', through: '2026-11-30', areas: [], agreements: [agreement()], others: [], ...o }),
});

describe('pricing: days and agreement versions by date', () => {
  it('a month has its days up to the last priced one', () => {
    expect(daysOf('2026-11')).toHaveLength(30);
    expect(daysOf('2024-02')).toHaveLength(29);
    expect(daysOf('2026-11', '2026-11-03')).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
  });

  it('the agreement valid on the day applies; one naming the area wins over one naming none; else the newest version', () => {
    const first = agreement({ code: 'H1', endDate: '2026-11-15' });
    const second = agreement({ code: 'H2', startDate: '2026-11-16', recordId: 'r2' });
    const general = agreement({ code: 'G', areaCode: null, recordId: 'r3' });
    expect(agreementFor([first, second], 'A', '2026-11-15')?.code).toBe('H1');
    expect(agreementFor([first, second], 'A', '2026-11-16')?.code).toBe('H2');
    expect(agreementFor([general, first], 'A', '2026-11-10')?.code).toBe('H1');
    expect(agreementFor([general, first], 'B', '2026-11-10')?.code).toBe('G');
    expect(agreementFor([first], 'B', '2026-11-10')).toBeUndefined();
    expect(agreementFor([first], 'A', '2026-09-30')).toBeUndefined();
  });

  it("a warehouse's agreement covers its zones; a zone's own agreement comes first", () => {
    const warehouse = agreement({ code: 'W', areaCode: 'SH1', recordId: 'w' });
    const zone = agreement({ code: 'Z', areaCode: 'SH1-A', recordId: 'z' });
    expect(agreementFor([warehouse], ['SH1-B', 'SH1'], '2026-11-10')?.code).toBe('W');
    expect(agreementFor([warehouse, zone], ['SH1-A', 'SH1'], '2026-11-10')?.code).toBe('Z');
    expect(agreementFor([warehouse, zone], ['SH2-A', 'SH2'], '2026-11-10')).toBeUndefined();
  });

  it('versions are stamped yyyyMMddHHmmssffffff in the business time zone', () => {
    expect(versionStamp('2026-11-26T01:02:03.456Z', 'Asia/Shanghai')).toBe('20261126090203456000');
  });
});

describe('pricing: tiers apply by band', () => {
  const tiered = agreement({ tiers: [{ lowerLimit: 0, upLimit: 10, price: 3 }, { lowerLimit: 10, upLimit: 100, price: 2 }, { lowerLimit: 100, upLimit: 1000, price: 1.5 }], dayUnitCost: 5 });
  it('the whole quantity is priced at the price of the tier holding it', () => {
    expect(tierPrice(tiered, dec(9.999))).toEqual({ stage: 1, price: dec(3) });
    expect(tierPrice(tiered, dec(10))).toEqual({ stage: 2, price: dec(2) });
    expect(tierPrice(tiered, dec(999))).toEqual({ stage: 3, price: dec(1.5) });
  });
  it('above the last tier: the last tier; below the first or without tiers: the day unit cost', () => {
    expect(tierPrice(tiered, dec(5000))).toEqual({ stage: 3, price: dec(1.5) });
    const from5 = agreement({ tiers: [{ lowerLimit: 5, upLimit: 10, price: 3 }], dayUnitCost: 4 });
    expect(tierPrice(from5, dec(2))).toEqual({ stage: null, price: dec(4) });
    expect(tierPrice(agreement({ dayUnitCost: 7 }), dec(2))).toEqual({ stage: null, price: dec(7) });
  });
  it('the basis: tonnes, whole pallets rounded up, or m³', () => {
    const stock = q(100, 2.5, 3.2, 7.25);
    expect(basisQuantity('WEIGHT', stock).toString()).toBe('2.5');
    expect(basisQuantity('PALLET', stock).toString()).toBe('4');
    expect(basisQuantity('VOLUME', stock).toString()).toBe('7.25');
  });
});

describe('pricing: storage per day on the stock at the end of the day', () => {
  it('given a receipt on the 3rd and a shipment on the 5th, storage is charged from the 3rd on what stood each evening', () => {
    const m = given({
      through: '2026-11-06',
      areas: [area({ '2026-11-03': day(q(100, 2), { inQty: 100, inWeight: 2 }), '2026-11-05': day(q(-40, -0.8), { outQty: 40, outWeight: 0.8 }) })],
    }).when();
    const storage = m.items.filter((i) => i.kind === 'STORAGE');
    expect(storage.map((i) => [i.day, i.quantity.toString(), moneyText(i.amount)])).toEqual([
      ['2026-11-03', '2', '2.00'],
      ['2026-11-04', '2', '2.00'],
      ['2026-11-05', '1.2', '1.20'],
      ['2026-11-06', '1.2', '1.20'],
    ]);
    expect(moneyText(m.totals.inCost)).toBe('20.00');
    expect(moneyText(m.totals.outCost)).toBe('8.00');
    expect(moneyText(m.totals.storageCost)).toBe('6.40');
    expect(moneyText(m.totals.totalCost)).toBe('34.40');
    const a = m.areas[0]!;
    expect([a.inQty.toString(), a.outQty.toString(), a.balanceQty.toString(), a.balanceWeight.toString()]).toEqual(['100', '40', '60', '1.2']);
  });

  it('stock carried in from the month before is charged from the 1st', () => {
    const m = given({ through: '2026-11-02', areas: [area({}, q(10, 1))] }).when();
    expect(m.items.map((i) => i.day)).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('an agreement changed mid-month prices each day by the version in force that day', () => {
    const m = given({
      through: '2026-11-30',
      agreements: [agreement({ code: 'H1', endDate: '2026-11-15', dayUnitCost: 1 }), agreement({ code: 'H2', recordId: 'r2', startDate: '2026-11-16', dayUnitCost: 2, stamp: '20261116000000000000' })],
      areas: [area({}, q(10, 1))],
    }).when();
    expect(moneyText(m.totals.storageCost)).toBe('45.00');
    expect(m.items.find((i) => i.day === '2026-11-16')?.agreementVersion).toBe('20261116000000000000');
  });

  it('six stages: the days and billed quantity-days of each tier', () => {
    const tiers = [{ lowerLimit: 0, upLimit: 1, price: 3 }, { lowerLimit: 1, upLimit: 100, price: 2 }];
    const m = given({ through: '2026-11-04', agreements: [agreement({ tiers })], areas: [area({ '2026-11-03': day(q(100, 1.5)) }, q(10, 0.5))] }).when();
    const [s1, s2] = m.areas[0]!.stages;
    expect([s1!.qty, s1!.weight.toString(), s1!.price.toString()]).toEqual([2, '1', '3']);
    expect([s2!.qty, s2!.weight.toString(), s2!.price.toString()]).toEqual([2, '4', '2']);
  });

  it('no agreement in force: the days are not charged', () => {
    const m = given({ agreements: [], areas: [area({}, q(10, 1))] }).when();
    expect(m.items).toHaveLength(0);
    expect(m.totals.totalCost.toString()).toBe('0');
  });
});

describe('pricing: rounding', () => {
  it('each item is rounded half up to the cent once; the total is the sum of the rounded items', () => {
    // 0.333 t at 1.5 = 0.4995 -> 0.50 a day; three days 1.50 (not round(1.4985) = 1.50 by luck: 0.4995 x 3)
    const m = given({ through: '2026-11-03', agreements: [agreement({ dayUnitCost: 1.5 })], areas: [area({}, q(1, 0.333))] }).when();
    expect(m.items.map((i) => moneyText(i.amount))).toEqual(['0.50', '0.50', '0.50']);
    expect(moneyText(m.totals.storageCost)).toBe('1.50');
  });
  it('decimal, never binary floating point: 0.1 + 0.2 t of handling at 10 is 3.00', () => {
    const m = given({ through: '2026-11-01', areas: [area({ '2026-11-01': day(q(2, 0.3), { inQty: 2, inWeight: 0.3 }) })] }).when();
    expect(m.items.find((i) => i.kind === 'INBOUND')?.amount.toString()).toBe('3');
  });
  it('other charges count at their amount', () => {
    const m = given({ others: [{ documentType: 'valueaddservicebill', documentId: 'd1', billNo: 'ZZ1', billDate: '2026-11-09', amount: dec('12.345') }] }).when();
    expect(moneyText(m.totals.otherCost)).toBe('12.35');
  });
});

// Billing rules (master data `billingrules`, issue 30): which event kinds charge, by which basis, rounding; none known: the behaviour above.
describe('pricing: billing rules per event kind', () => {
  const month = { through: '2026-11-04', areas: [area({ '2026-11-03': day(q(100, 2.005, 3.2), { inQty: 100, inWeight: 2.005 }), '2026-11-04': day(q(-40, -0.802), { outQty: 40, outWeight: 0.802 }) })] };
  const priced = (rules?: MonthInput['rules']) => given({ ...month, agreements: [agreement({ dayUnitCost: 1.5, cycleUnitCost: 10.333 })], ...(rules ? { rules } : {}) }).when();
  const figures = (m: ReturnType<typeof priced>) => m.items.map((i) => [i.kind, i.day, i.basis, i.quantity.toString(), moneyText(i.amount)]);

  it('given no rule, when priced, then the default rules price exactly as before (storage by the agreement basis, handling per tonne, half up)', () => {
    const none = priced();
    const defaults = priced({ STORAGE: { kind: 'STORAGE', charged: true, basis: 'AGREEMENT', rounding: 'HALF_UP' }, INBOUND: { kind: 'INBOUND', charged: true, basis: 'WEIGHT', rounding: 'HALF_UP' }, OUTBOUND: { kind: 'OUTBOUND', charged: true, basis: 'WEIGHT', rounding: 'HALF_UP' } });
    expect(figures(defaults)).toEqual(figures(none));
    expect(figures(none)).toEqual([
      ['STORAGE', '2026-11-03', 'WEIGHT', '2.005', '3.01'],
      ['INBOUND', '2026-11-03', null, '2.005', '20.72'],
      ['STORAGE', '2026-11-04', 'WEIGHT', '1.203', '1.80'],
      ['OUTBOUND', '2026-11-04', null, '0.802', '8.29'],
    ]);
  });

  it('given outbound handling not charged, then no outbound item and the rest unchanged', () => {
    const m = priced({ OUTBOUND: { kind: 'OUTBOUND', charged: false, basis: 'WEIGHT', rounding: 'HALF_UP' } });
    expect(m.items.some((i) => i.kind === 'OUTBOUND')).toBe(false);
    expect(moneyText(m.totals.outCost)).toBe('0.00');
    expect(moneyText(m.totals.inCost)).toBe('20.72');
  });

  it('given inbound handling by the piece, then 100 pieces at the cycle price', () => {
    const m = priced({ INBOUND: { kind: 'INBOUND', charged: true, basis: 'PIECE', rounding: 'HALF_UP' } });
    expect(m.items.find((i) => i.kind === 'INBOUND')).toMatchObject({ quantity: dec(100) });
    expect(moneyText(m.totals.inCost)).toBe('1033.30');
  });

  it('given storage fixed by pallet whatever the agreement says, then whole pallets rounded up', () => {
    const m = priced({ STORAGE: { kind: 'STORAGE', charged: true, basis: 'PALLET', rounding: 'HALF_UP' } });
    expect(m.items.filter((i) => i.kind === 'STORAGE').map((i) => [i.basis, i.quantity.toString()])).toEqual([['PALLET', '4'], ['PALLET', '4']]);
  });

  it('given rounding down (舍去) or up (进位), then each item is cut or raised to the cent, and totals are sums of items', () => {
    const down = priced({ INBOUND: { kind: 'INBOUND', charged: true, basis: 'WEIGHT', rounding: 'DOWN' }, STORAGE: { kind: 'STORAGE', charged: true, basis: 'AGREEMENT', rounding: 'DOWN' } });
    // 2.005 t x 10.333 = 20.717665; 2.005 x 1.5 = 3.0075
    expect(figures(down).slice(0, 2)).toEqual([['STORAGE', '2026-11-03', 'WEIGHT', '2.005', '3.00'], ['INBOUND', '2026-11-03', null, '2.005', '20.71']]);
    const up = priced({ OUTBOUND: { kind: 'OUTBOUND', charged: true, basis: 'WEIGHT', rounding: 'UP' } });
    // 0.802 x 10.333 = 8.287066
    expect(moneyText(up.totals.outCost)).toBe('8.29');
    const halfEven = priced({ STORAGE: { kind: 'STORAGE', charged: true, basis: 'AGREEMENT', rounding: 'HALF_EVEN' } });
    // 3.0075 -> 3.01 (beyond the half); 1.203 x 1.5 = 1.8045 -> 1.80 (below it)
    expect(halfEven.items.filter((i) => i.kind === 'STORAGE').map((i) => moneyText(i.amount))).toEqual(['3.01', '1.80']);
    expect(moneyText(down.totals.totalCost)).toBe(moneyText(down.items.reduce((s, i) => s.plus(i.amount), dec(0))));
  });
});

describe('pricing: package materials (costbilldetailpack)', () => {
  const pack = (o: Partial<PackUse> = {}): PackUse => ({
    documentType: 'osoutstockbill',
    documentId: 'd1',
    billNo: 'CK2026111800001',
    day: '2026-11-18',
    areaCode: 'A',
    materialCode: 'PK001',
    qty: dec(25),
    eventId: 'e1',
    lineIdx: 0,
    ...o,
  });
  const priced = agreement({ packPrices: [{ materialCode: 'PK001', price: 3.5 }, { materialCode: 'PK003', price: '0.333' }] });

  it('each packing-material line at the agreement\'s price in force that day, in the package total and the bill total', () => {
    const m = given({ agreements: [priced], packs: [pack(), pack({ materialCode: 'PK003', qty: dec(3), lineIdx: 1 })] }).when();
    const items = m.items.filter((i) => i.kind === 'PACKAGE');
    expect(items.map((i) => [i.materialCode, i.qty.toString(), i.price.toString(), moneyText(i.amount), i.document?.billNo])).toEqual([
      ['PK001', '25', '3.5', '87.50', 'CK2026111800001'],
      // 3 x 0.333 = 0.999: rounded once, half up, to the cent
      ['PK003', '3', '0.333', '1.00', 'CK2026111800001'],
    ]);
    expect(moneyText(m.totals.packageCost)).toBe('88.50');
    expect(moneyText(m.totals.totalCost)).toBe('88.50');
    expect(items[0]!.agreementCode).toBe('AG1');
  });

  it('exact decimals: 0.1 + 0.2 pieces of a 0.1 price sum to the cent, never a float', () => {
    const m = given({ agreements: [agreement({ packPrices: [{ materialCode: 'PK001', price: '0.1' }] })], packs: [pack({ qty: dec('0.1') }), pack({ qty: dec('0.2'), lineIdx: 1 })] }).when();
    expect(m.totals.packageCost.toString()).toBe('0.03');
  });

  it('a material the agreement does not price is shown at 0; a day with no agreement in force likewise', () => {
    const m = given({ agreements: [priced], packs: [pack({ materialCode: 'PK002' }), pack({ day: '2026-09-30', lineIdx: 1 })] }).when();
    const items = m.items.filter((i) => i.kind === 'PACKAGE');
    expect(items.map((i) => [i.materialCode, moneyText(i.amount), i.agreementCode])).toEqual([
      ['PK001', '0.00', null],
      ['PK002', '0.00', 'AG1'],
    ]);
    expect(m.totals.packageCost.isZero()).toBe(true);
  });

  it('the agreement naming the area (or the warehouse it lies in) prices it, the newest version first', () => {
    const old = agreement({ packPrices: [{ materialCode: 'PK001', price: 3 }] });
    const newer = agreement({ stamp: '20261101000000000000', packPrices: [{ materialCode: 'PK001', price: 4 }] });
    const zone = given({ agreements: [old, newer], packs: [pack({ qty: dec(2) })] }).when();
    expect(moneyText(zone.totals.packageCost)).toBe('8.00');
    const warehouse = agreement({ areaCode: 'SH1', packPrices: [{ materialCode: 'PK001', price: 5 }] });
    const inWarehouse = given({ agreements: [warehouse], packs: [pack({ areaCode: 'SH1-A', path: ['SH1-A', 'SH1'], qty: dec(2) })] }).when();
    expect(moneyText(inWarehouse.totals.packageCost)).toBe('10.00');
  });

  it('a late correction counts the package cost in its difference', () => {
    const then = given({ agreements: [priced], packs: [pack()] }).when();
    const now = given({ agreements: [priced], packs: [pack(), pack({ qty: dec(2), lineIdx: 1, eventId: 'e2' })] }).when();
    const diff = difference(now.totals, then.totals);
    expect(moneyText(diff.packageCost)).toBe('7.00');
    expect(isZero(diff)).toBe(false);
    expect(isZero(difference(then.totals, then.totals))).toBe(true);
  });
});

describe('pricing: an inbound bill that names its fee agreement (agreementCode)', () => {
  const special = agreement({ recordId: 'r2', code: 'AG-SPECIAL', areaCode: null, cycleUnitCost: 4, stamp: '20261101000000000000' });
  it('given a receipt of 2 t under the owner\'s agreement and 3 t whose bill named AG-SPECIAL, the 3 t are priced by AG-SPECIAL', () => {
    const facts = { ...day(q(100, 5), { inQty: 40, inWeight: 2 }), inByAgreement: [{ agreementCode: 'AG-SPECIAL', qty: dec(60), weight: dec(3) }] };
    const m = given({ through: '2026-11-03', agreements: [agreement(), special], areas: [area({ '2026-11-03': facts })] }).when();
    const inbound = m.items.filter((i) => i.kind === 'INBOUND');
    expect(inbound.map((i) => [i.agreementCode, i.quantity.toString(), moneyText(i.price), moneyText(i.amount)])).toEqual([
      ['AG1', '2', '10.00', '20.00'],
      ['AG-SPECIAL', '3', '4.00', '12.00'],
    ]);
    expect(moneyText(m.totals.inCost)).toBe('32.00');
    expect(m.areas[0]!.inQty.toString()).toBe('100');
  });

  it('a named agreement billing knows no valid version of is priced by the owner\'s agreement in force (never 0 by a typo)', () => {
    const facts = { ...day(q(60, 3)), inByAgreement: [{ agreementCode: 'AG-GONE', qty: dec(60), weight: dec(3) }] };
    const m = given({ through: '2026-11-03', areas: [area({ '2026-11-03': facts })] }).when();
    expect(m.items.filter((i) => i.kind === 'INBOUND').map((i) => [i.agreementCode, moneyText(i.amount)])).toEqual([['AG1', '30.00']]);
  });
});
