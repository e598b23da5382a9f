import { capacityOf, planPutAway, type PlaceInfo, type PlaceLoad } from './putaway';

// Put-away suggestions, given places and what they hold, when a need, then the placements.
const place = (code: string, o: Partial<PlaceInfo> = {}): PlaceInfo => ({ code, warehouseAreaCode: 'A', volume: 2, capacityRatio: 50, coordinateX: 1, coordinateY: 1, ...o });
const need = { lineNumber: 1, customerCode: 'C1', materialCode: 'M1', batchNo: 'L1', qty: 10, unitVolume: 0.2 };
const none = new Map<string, PlaceLoad>();

describe('put-away suggestions', () => {
  it('usable capacity is maxVolume (else volume) times capacityRatio per cent; no ratio means the whole', () => {
    expect(capacityOf(place('P', { volume: 2, capacityRatio: 50 }))).toBe(1);
    expect(capacityOf(place('P', { maxVolume: 3, volume: 2, capacityRatio: 10 }))).toBeCloseTo(0.3);
    expect(capacityOf(place('P', { volume: 2, capacityRatio: 0 }))).toBe(2);
    expect(capacityOf(place('P', { volume: undefined, capacityRatio: 50 }))).toBe(Number.POSITIVE_INFINITY);
  });

  it('fills places in whole pieces up to their usable capacity and splits the rest', () => {
    const plan = planPutAway([need], [place('A-01'), place('A-02', { coordinateX: 2 })], none);
    // 1 m³ usable each, 0.2 m³ a piece: 5 and 5
    expect(plan).toEqual({ placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 5 }, { lineNumber: 1, warehousePlaceCode: 'A-02', qty: 5 }], unplaced: [] });
  });

  it('never suggests a place reserved for another owner or marked invalid; says what finds no room', () => {
    const plan = planPutAway([need], [place('A-01', { customerCode: 'C2' }), place('A-02', { invalid: true }), place('A-03')], none);
    expect(plan.placements).toEqual([{ lineNumber: 1, warehousePlaceCode: 'A-03', qty: 5 }]);
    expect(plan.unplaced).toEqual([{ lineNumber: 1, qty: 5 }]);
  });

  it('counts what a place already holds, and consolidates with the same batch first', () => {
    const loads = new Map<string, PlaceLoad>([
      ['A-01', { used: 0.8, holds: new Set(['C9~M9~X']) }],
      ['A-09', { used: 0.2, holds: new Set(['C1~M1~L1']) }],
    ]);
    const plan = planPutAway([need], [place('A-01'), place('A-05'), place('A-09', { coordinateX: 9 })], loads);
    expect(plan.placements).toEqual([
      { lineNumber: 1, warehousePlaceCode: 'A-09', qty: 4 },
      { lineNumber: 1, warehousePlaceCode: 'A-05', qty: 5 },
      { lineNumber: 1, warehousePlaceCode: 'A-01', qty: 1 },
    ]);
  });

  it('NEAREST takes the closest places first; later needs see the room earlier ones took', () => {
    const places = [place('FAR', { coordinateX: 9, coordinateY: 9 }), place('NEAR', { coordinateX: 0, coordinateY: 1 })];
    const plan = planPutAway([{ ...need, qty: 3, rule: 'NEAREST' }, { ...need, lineNumber: 2, materialCode: 'M2', qty: 3, rule: 'NEAREST' }], places, none);
    expect(plan.placements).toEqual([
      { lineNumber: 1, warehousePlaceCode: 'NEAR', qty: 3 },
      { lineNumber: 2, warehousePlaceCode: 'NEAR', qty: 2 },
      { lineNumber: 2, warehousePlaceCode: 'FAR', qty: 1 },
    ]);
  });

  it('without a piece volume the first eligible place takes everything', () => {
    expect(planPutAway([{ ...need, unitVolume: 0 }], [place('A-01'), place('A-02')], none).placements).toEqual([{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 10 }]);
  });
});

describe('put-away suggestions under the owner’s mixing rules', () => {
  const loads = () =>
    new Map<string, PlaceLoad>([
      ['A-01', { used: 0.2, holds: new Set(['C1~M1~L0']) }], // same material, another batch
      ['A-02', { used: 0.2, holds: new Set(['C1~M2~L1']) }], // another material
      ['A-03', { used: 0.2, holds: new Set(['C1~M1~L1']) }], // the same batch
    ]);
  const places = [place('A-01'), place('A-02'), place('A-03'), place('A-04')];
  const codes = (plan: ReturnType<typeof planPutAway>) => plan.placements.map((p) => p.warehousePlaceCode);

  it('batches and materials may share a location unless the owner says otherwise', () => {
    expect(codes(planPutAway([{ ...need, qty: 20 }], places, loads()))).toEqual(['A-03', 'A-01', 'A-04', 'A-02']);
  });

  it('no mixed batches: never to a place holding the material’s other batch', () => {
    expect(codes(planPutAway([{ ...need, qty: 20, mixBatch: false }], places, loads()))).toEqual(['A-03', 'A-04', 'A-02']);
  });

  it('no mixed materials: never to a place holding another material', () => {
    expect(codes(planPutAway([{ ...need, qty: 20, mixMaterial: false }], places, loads()))).toEqual(['A-03', 'A-01', 'A-04']);
  });

  it('neither: only the same batch’s places and empty ones; what a need placed counts for the next', () => {
    const plan = planPutAway([{ ...need, qty: 9, mixBatch: false, mixMaterial: false }, { ...need, lineNumber: 2, materialCode: 'M3', qty: 5, mixMaterial: false }], places, loads());
    expect(plan.placements).toEqual([
      { lineNumber: 1, warehousePlaceCode: 'A-03', qty: 4 },
      { lineNumber: 1, warehousePlaceCode: 'A-04', qty: 5 },
    ]);
    expect(plan.unplaced).toEqual([{ lineNumber: 2, qty: 5 }]);
  });
});
