import { documentContentSchemaOf, osoutstockbill, wavebill } from '@tpl/contracts';
import { documentSpec, folded, type GivenFact } from '@tpl/documents/test';
import { outboundDecisions, type OutboundBill } from '../outbound/outbound.decisions';
import { waveDecisions, type WaveFacts } from './wave.decisions';
import { oneByOne, pathMeasure, walkOrder, wavePath, type Bin, type HeldRow } from './wave.path';

// The wave and the pick path, given/when/then: given the wave's facts and the bills (with what they hold frozen and where), when a step, then its path, its refusals and the bills' own actions.

type BillState = 'Draft' | 'Allocated' | 'Waved' | 'Picked';
/** An outbound bill of owner C1 in zone SH1-A, taken as far as `state` (in wave `waveNo` when Waved). */
const bill = (billNo: string, state: BillState, o: { area?: string; owner?: string; waveNo?: string; allocatedAt?: string } = {}): OutboundBill => {
  const options = { id: `id-${billNo}`, billNo };
  const s = documentSpec(osoutstockbill, outboundDecisions(undefined), options);
  const facts: GivenFact[] = [s.created({ customerCode: o.owner ?? 'C1', warehouseAreaCode: o.area ?? 'SH1-A', details: [{ materialCode: 'M1', qty: 5 }] })];
  if (state !== 'Draft') facts.push(s.acted('allocate', { allocatedAt: o.allocatedAt ?? '2026-11-24T07:00:00.000Z' }));
  if (state === 'Waved' || state === 'Picked') facts.push(s.acted('joinWave', { waveNo: o.waveNo ?? 'BO1' }));
  if (state === 'Picked') facts.push(s.acted('wavePick', { pickedAt: '2026-11-24T09:00:00.000Z' }));
  return folded(osoutstockbill, outboundDecisions(undefined), facts, options);
};

/** Zone A: aisles 1..3, four positions each; zone B: one aisle. The dock of each zone at (0, 0). */
const bins = new Map<string, Bin>([
  ...[1, 2, 3].flatMap((x) => [1, 2, 3, 4].map((y) => [`A-0${x}-0${y}`, { warehouseAreaCode: 'SH1-A', x, y }] as [string, Bin])),
  ['B-01-01', { warehouseAreaCode: 'SH1-B', x: 1, y: 1 }],
  ['NOXY', { warehouseAreaCode: 'SH1-A' }],
]);
const row = (place: string, qty: number, o: Partial<HeldRow> = {}): HeldRow => ({ lineNumber: 1, warehousePlaceCode: place, barcode: `BC-${place}`, batchNo: 'B1', materialCode: 'M1', qty, ...o });

const areas = new Map<string, string | undefined>([['SH1-A', 'SH1'], ['SH1-B', 'SH1'], ['SH1', undefined]]);
const facts = (bills: OutboundBill[], held: Record<string, HeldRow[]> = {}): WaveFacts => ({
  bills: new Map(bills.map((b) => [b.billNo, b])),
  held: new Map(Object.entries(held)),
  bins,
  areas,
});

describe('the pick path (pure)', () => {
  it('walks area by area, aisle by aisle, up an odd aisle and down an even one; bins without coordinates last', () => {
    expect(walkOrder(['B-01-01', 'A-02-01', 'NOXY', 'A-01-04', 'A-02-04', 'A-01-01'], bins)).toEqual(['A-01-01', 'A-01-04', 'A-02-04', 'A-02-01', 'NOXY', 'B-01-01']);
  });

  it("merges the bills' rows by bin and stock row, one step each, with every bill's share", () => {
    const steps = wavePath(
      [
        { billNo: 'CK1', customerCode: 'C1', rows: [row('A-02-01', 3), row('A-01-02', 2, { lineNumber: 2, materialCode: 'M2' })] },
        { billNo: 'CK2', customerCode: 'C1', rows: [row('A-02-01', 4)] },
        // another owner's goods at the same bin are a step of their own (never mixed)
        { billNo: 'CK3', customerCode: 'C2', rows: [row('A-02-01', 1)] },
      ],
      bins,
    );
    expect(steps.map((s) => [s.seq, s.warehousePlaceCode, s.customerCode, s.materialCode, s.qty])).toEqual([
      [1, 'A-01-02', 'C1', 'M2', 2],
      [2, 'A-02-01', 'C1', 'M1', 7],
      [3, 'A-02-01', 'C2', 'M1', 1],
    ]);
    expect(steps[1]!.shares).toEqual([{ billNo: 'CK1', lineNumber: 1, qty: 3 }, { billNo: 'CK2', lineNumber: 1, qty: 4 }]);
    // two steps at one bin are one visit: dock (0,0) -> (1,2) -> (2,1) -> dock = 3 + 2 + 3
    expect(pathMeasure(steps, bins)).toEqual({ binVisits: 2, length: 8 });
  });

  it('is shorter than the same bills picked one by one when they share bins and aisles', () => {
    const bills = [
      { billNo: 'CK1', customerCode: 'C1', rows: [row('A-03-04', 1), row('A-01-01', 1)] },
      { billNo: 'CK2', customerCode: 'C1', rows: [row('A-03-04', 1)] },
      { billNo: 'CK3', customerCode: 'C1', rows: [row('A-03-03', 1)] },
    ];
    const wave = pathMeasure(wavePath(bills, bins), bins);
    // alone: CK1 1+1 .. (0,0)->(1,1)->(3,4)->0 = 2+5+7 = 14; CK2 (3,4) and back = 14; CK3 (3,3) and back = 12
    expect(oneByOne(bills, bins)).toEqual({ binVisits: 4, length: 40 });
    expect(wave).toEqual({ binVisits: 3, length: 14 });
  });
});

describe('wave decisions', () => {
  const spec = documentSpec(wavebill, waveDecisions(undefined), { id: 'W', billNo: 'BO1' });
  const details = [{ osBillNo: 'CK1' }, { osBillNo: 'CK2' }];
  const drafted = spec.created({ billDate: '2026-11-24', warehouseAreaCode: 'SH1', picker: '张三', details });
  const held = { CK1: [row('A-02-01', 3), row('A-01-02', 2, { lineNumber: 2 })], CK2: [row('A-02-01', 5)] };
  const allocated = () => facts([bill('CK1', 'Allocated'), bill('CK2', 'Allocated', { area: 'SH1-B', owner: 'C2' })], held);
  const path = [
    { seq: 1, warehouseAreaCode: 'SH1-A', warehousePlaceCode: 'A-01-02', customerCode: 'C1', materialCode: 'M1', batchNo: 'B1', barcode: 'BC-A-01-02', qty: 2, bills: 'CK1(2):2' },
    { seq: 2, warehouseAreaCode: 'SH1-A', warehousePlaceCode: 'A-02-01', customerCode: 'C1', materialCode: 'M1', batchNo: 'B1', barcode: 'BC-A-02-01', qty: 3, bills: 'CK1(1):3' },
    { seq: 3, warehouseAreaCode: 'SH1-A', warehousePlaceCode: 'A-02-01', customerCode: 'C2', materialCode: 'M1', batchNo: 'B1', barcode: 'BC-A-02-01', qty: 5, bills: 'CK2(1):5' },
  ];
  const issued: GivenFact[] = [drafted, spec.acted('issue', { path, binVisits: 2, pathLength: 8 })];
  const inWave = () => facts([bill('CK1', 'Waved'), bill('CK2', 'Waved', { owner: 'C2' })]);
  const full = path.map((p) => ({ seq: p.seq, pickedQty: p.qty }));

  it("issuing gathers the bills of the wave's area and the zones under it, of several owners, and writes the path from what they hold", () => {
    spec.given([drafted], allocated()).when({ act: 'issue' }).then({
      doc: { state: 'Issued', binVisits: 2, pathLength: 8, path },
      effects: [
        { document: 'osoutstockbill', id: 'id-CK1', action: 'joinWave', fields: { waveNo: 'BO1' } },
        { document: 'osoutstockbill', id: 'id-CK2', action: 'joinWave', fields: { waveNo: 'BO1' } },
      ],
    });
  });

  it('a path sent by the caller is not taken: the server writes it', () => {
    const { doc } = spec.given([drafted], allocated()).when({ act: 'issue', fields: { path: [], binVisits: 99 } }).outcome();
    expect(doc?.binVisits).toBe(2);
    expect(doc?.path).toHaveLength(3);
  });

  it('refuses a bill in another wave (naming it), not allocated, outside the area, of another owner than the one named, or holding nothing', () => {
    spec.given([drafted], facts([bill('CK1', 'Allocated'), bill('CK2', 'Waved', { waveNo: 'BO9' })], held)).when({ act: 'issue' }).thenRefused({
      code: 409, key: 'warehouse.errors.billInWave', vars: { billNo: 'CK2', waveNo: 'BO9' },
    });
    spec.given([drafted], facts([bill('CK1', 'Allocated'), bill('CK2', 'Draft')], held)).when({ act: 'issue' }).thenRefused({
      code: 409, key: 'warehouse.errors.billNotReady', vars: { billNo: 'CK2' }, keyVars: { state: 'osoutstockbill.states.Draft' },
    });
    spec.given([drafted], facts([bill('CK1', 'Allocated')], held)).when({ act: 'issue' }).thenRefused({ code: 409, key: 'warehouse.errors.billNotFound', vars: { billNo: 'CK2' } });
    const zoneWave = spec.created({ billDate: '2026-11-24', warehouseAreaCode: 'SH1-A', details });
    spec.given([zoneWave], allocated()).when({ act: 'issue' }).thenRefused({ code: 409, key: 'warehouse.errors.billOtherArea', vars: { billNo: 'CK2', area: 'SH1-A' } });
    const ownerWave = spec.created({ billDate: '2026-11-24', warehouseAreaCode: 'SH1', customerCode: 'C1', details });
    spec.given([ownerWave], allocated()).when({ act: 'issue' }).thenRefused({ code: 409, key: 'warehouse.errors.waveOtherOwner', vars: { billNo: 'CK2', customerCode: 'C2', owner: 'C1' } });
    spec.given([drafted], facts([bill('CK1', 'Allocated'), bill('CK2', 'Allocated')], { CK1: held.CK1 })).when({ act: 'issue' }).thenRefused({ code: 409, key: 'warehouse.errors.waveNothingHeld', vars: { billNo: 'CK2' } });
  });

  it('picking records every step at its quantity and picks each bill with the picker and time', () => {
    spec
      .given(issued, inWave())
      .when({ act: 'pick', fields: { picker: '李四', picked: full, pickedAt: '2026-11-24T10:00:00.000Z' } })
      .then({
        doc: { state: 'Picked', picker: '李四' },
        effects: [
          { document: 'osoutstockbill', id: 'id-CK1', action: 'wavePick', fields: { picker: '李四', pickedAt: '2026-11-24T10:00:00.000Z' } },
          { document: 'osoutstockbill', id: 'id-CK2', action: 'wavePick', fields: { picker: '李四', pickedAt: '2026-11-24T10:00:00.000Z' } },
        ],
      });
  });

  it('refuses a short, an over or a missing step (naming the step and the location), and a bill no longer in this wave', () => {
    const short = full.map((p) => (p.seq === 2 ? { ...p, pickedQty: 1 } : p));
    spec.given(issued, inWave()).when({ act: 'pick', fields: { picker: '李四', picked: short } }).thenRefused({
      code: 409, key: 'warehouse.errors.waveShortPick', vars: { seq: 2, place: 'A-02-01', materialCode: 'M1', qty: 3, picked: 1 },
    });
    spec.given(issued, inWave()).when({ act: 'pick', fields: { picker: '李四', picked: full.map((p) => ({ ...p, pickedQty: p.pickedQty + 1 })) } }).thenRefused({ code: 409, key: 'warehouse.errors.waveOverPick', vars: { seq: 1 } });
    spec.given(issued, inWave()).when({ act: 'pick', fields: { picker: '李四', picked: full.slice(0, 2) } }).thenRefused({ code: 409, key: 'warehouse.errors.waveStepMissing', vars: { seq: 3, place: 'A-02-01' } });
    spec.given(issued, inWave()).when({ act: 'pick', fields: { picker: '李四', picked: [...full, { seq: 9, pickedQty: 1 }] } }).thenRefused({ code: 409, key: 'warehouse.errors.waveStepUnknown', vars: { seq: 9 } });
    spec.given(issued, facts([bill('CK1', 'Waved'), bill('CK2', 'Waved', { waveNo: 'BO2' })])).when({ act: 'pick', fields: { picker: '李四', picked: full } }).thenRefused({
      code: 409, key: 'warehouse.errors.billNotReady', vars: { billNo: 'CK2' },
    });
  });

  it('is picked no earlier than each of its bills was allocated, naming the bill', () => {
    const late = facts([bill('CK1', 'Waved'), bill('CK2', 'Waved', { allocatedAt: '2026-11-24T09:30:00.000Z' })]);
    spec.given(issued, late).when({ act: 'pick', fields: { picker: '李四', picked: full, pickedAt: '2026-11-24T09:00:00.000Z' } }).thenRefused({
      code: 400, key: 'warehouse.errors.stepBeforeBill', vars: { billNo: 'CK2' }, keyVars: { label: 'wavebill.fields.pickedAt', other: 'osoutstockbill.fields.allocatedAt' },
    });
  });

  it('cancelling an issued wave gives back the bills still in it; a draft wave frees nothing; the content never carries the path', () => {
    spec.given(issued, facts([bill('CK1', 'Waved'), bill('CK2', 'Waved', { waveNo: 'BO2' })])).when({ act: 'cancel' }).then({
      doc: { state: 'Cancelled' },
      effects: [{ document: 'osoutstockbill', id: 'id-CK1', action: 'leaveWave', fields: {} }],
    });
    spec.given([drafted], allocated()).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled' }, effects: [] });
    spec.given([], facts([])).when({ create: { details: [{ osBillNo: 'CK9' }], path: [{ seq: 1 }], binVisits: 3 } }).then([
      { type: 'WaveCreated', data: { id: 'W', billNo: 'BO1', isReview: 0, content: { details: [{ osBillNo: 'CK9', lineNumber: 1 }] } } },
    ]);
  });

  it("is made from an allocated bill: the bill's area, the bill as its one line (a content the kit accepts once dated)", () => {
    const copied = wavebill.sources.osoutstockbill.copy(bill('CK7', 'Allocated'));
    expect(copied).toEqual({ warehouseAreaCode: 'SH1-A', details: [{ osBillNo: 'CK7' }] });
    expect(documentContentSchemaOf(wavebill).safeParse({ ...copied, billDate: '2026-11-24' }).success).toBe(true);
  });

  it('cannot be picked before it is issued, nor issued twice (the machine)', () => {
    spec.given([drafted], inWave()).when({ act: 'pick', fields: { picker: '李四', picked: [] } }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
    spec.given(issued, allocated()).when({ act: 'issue' }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
  });
});

describe('an outbound bill in a wave', () => {
  const s = documentSpec(osoutstockbill, outboundDecisions(undefined), { id: 'id-CK1', billNo: 'CK1' });
  const waved: GivenFact[] = [
    s.created({ customerCode: 'C1', warehouseAreaCode: 'SH1-A', details: [{ materialCode: 'M1', qty: 5 }] }),
    s.acted('allocate', { allocatedAt: '2026-11-24T07:00:00.000Z' }),
    s.acted('joinWave', { waveNo: 'BO1' }),
  ];
  const none = { accounts: new Map(), rules: new Map(), held: [] };

  it('refuses a pick or a release of its own, naming the wave', () => {
    s.given(waved, none).when({ act: 'pick' }).thenRefused({ code: 409, key: 'warehouse.errors.billInWave', vars: { billNo: 'CK1', waveNo: 'BO1' } });
    s.given(waved, none).when({ act: 'release' }).thenRefused({ code: 409, key: 'warehouse.errors.billInWave', vars: { billNo: 'CK1', waveNo: 'BO1' } });
  });

  it("is picked by the wave's pick, and leaving the wave makes it allocated again, naming no wave", () => {
    s.given(waved, none).when({ act: 'wavePick', fields: { picker: '李四', pickedAt: '2026-11-24T10:00:00.000Z' } }).then({ doc: { state: 'Picked', picker: '李四', waveNo: 'BO1' } });
    const { doc } = s.given(waved, none).when({ act: 'leaveWave' }).outcome();
    expect(doc?.state).toBe('Allocated');
    expect(doc?.waveNo).toBeUndefined();
  });
});
