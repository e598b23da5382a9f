// Wave picking: the pick path of a wave against the same bills picked one by one, on the demo
// warehouse (SH1: zones A and B, 5 aisles of 4 bins each, coordinates from the demo master data).
// Pure: no server, no database; it runs the wave's own path functions (@tpl/warehouse, built:
// `npm run build` first) on the demo bins.
//
// The bills: the demo month's three shipments (docs/DOMAIN.md "The demo month": M0007 at A-01-01
// and M0016 at A-01-02 of C001, M0009 at B-01-01 of C002), and a day of small orders made the way
// an e-commerce day is: each bill one demo owner's (C001, C002, C003, C004, C005), 1 to 4 lines
// of that owner's demo materials, each material kept in one home bin of zone A or B (material i ->
// the i-th bin, round robin: a fixed slotting, since the demo stock holds only a few materials).
// Seeded, so every run prints the same figures.
// Usage: node tests/bench/wave-path.mjs [bills=5,10,20,50]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { demoMasterData } = require('@tpl/masterdata');
const { wavePath, pathMeasure, oneByOne } = require('@tpl/warehouse');

const sizes = String(process.argv[2] ?? '5,10,20,50').split(',').map(Number).filter((n) => n > 0);
const md = new Map(demoMasterData());
const places = md.get('warehouseplace').filter((p) => p.warehouseAreaCode === 'SH1-A' || p.warehouseAreaCode === 'SH1-B');
const bins = new Map(places.map((p) => [p.code, { warehouseAreaCode: p.warehouseAreaCode, x: p.coordinateX, y: p.coordinateY }]));
const owners = ['C001', 'C002', 'C003', 'C004', 'C005'];
const materials = md.get('material').filter((m) => owners.includes(m.custCode));
// a material's home bin: round robin over the 40 bins of zones A and B, in code order
const sortedBins = [...bins.keys()].sort();
const home = new Map(materials.map((m, i) => [m.code, sortedBins[i % sortedBins.length]]));

// a small deterministic generator (mulberry32)
const random = (seed) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const dayOfOrders = (n, seed = 20261124) => {
  const r = random(seed);
  const bills = [];
  for (let i = 0; i < n; i++) {
    const owner = owners[Math.floor(r() * owners.length)];
    const own = materials.filter((m) => m.custCode === owner);
    const lines = 1 + Math.floor(r() * 4);
    const picked = new Map();
    for (let l = 0; l < lines; l++) {
      const m = own[Math.floor(r() * own.length)];
      picked.set(m.code, (picked.get(m.code) ?? 0) + 1 + Math.floor(r() * 5));
    }
    const rows = [...picked].map(([materialCode, qty], k) => ({ lineNumber: k + 1, warehousePlaceCode: home.get(materialCode), barcode: `${materialCode}-LOT`, batchNo: '', materialCode, qty }));
    bills.push({ billNo: `CK${String(i + 1).padStart(4, '0')}`, customerCode: owner, rows });
  }
  return bills;
};

const demoMonth = [
  { billNo: 'demo-1', customerCode: 'C001', rows: [{ lineNumber: 1, warehousePlaceCode: 'A-01-01', barcode: 'M0007', batchNo: '', materialCode: 'M0007', qty: 250 }] },
  { billNo: 'demo-2', customerCode: 'C002', rows: [{ lineNumber: 1, warehousePlaceCode: 'B-01-01', barcode: 'M0009', batchNo: '', materialCode: 'M0009', qty: 200 }] },
  { billNo: 'demo-3', customerCode: 'C001', rows: [{ lineNumber: 1, warehousePlaceCode: 'A-01-02', barcode: 'M0016', batchNo: '', materialCode: 'M0016', qty: 100 }] },
];

const row = (label, bills) => {
  const steps = wavePath(bills, bins);
  const wave = pathMeasure(steps, bins);
  const alone = oneByOne(bills, bins);
  const pct = (a, b) => (b ? `${Math.round((1 - a / b) * 100)} %` : '-');
  return { label, bills: bills.length, steps: steps.length, waveVisits: wave.binVisits, aloneVisits: alone.binVisits, visitsSaved: pct(wave.binVisits, alone.binVisits), waveLength: wave.length, aloneLength: alone.length, lengthSaved: pct(wave.length, alone.length) };
};

const rows = [row('demo month (3 shipments)', demoMonth), ...sizes.map((n) => row(`a day of ${n} orders`, dayOfOrders(n)))];
console.log(`wave pick path vs the same bills picked one by one, demo warehouse SH1 (zones A, B: ${bins.size} bins); length in coordinate units (Manhattan, dock (0,0) of each zone and back)`);
console.table(rows);
