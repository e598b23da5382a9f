import { isinstockbill, osoutstockbill } from '@tpl/contracts';
import type { DocumentContext, DocumentKit } from '@tpl/documents';

/**
 * The demo month (issue 15): real stock movements for two demo cargo owners in the previous
 * month and this one, made through the warehouse documents (receive, allocate, pick, ship), so
 * finance generating last month's bills after `npm start` finds non-zero charges, each one
 * explainable down to its receipt, shipment or day of storage. The owners' fee agreements are
 * the demo master data's (AG-C001-2026, AG-C002-2026: tiered storage per tonne and day,
 * handling per tonne). What it contains: docs/DOMAIN.md "The demo month".
 */

type Receipt = { customerCode: string; area: string; day: string; lines: { materialCode: string; qty: number; qtyWeg: number; place: string; batchNo: string }[] };
/** packs: the packing materials the shipment was packed with (the operator's cartons, pallets and film), billed at the agreement's package-material price */
type Shipment = { customerCode: string; area: string; day: string; lines: { materialCode: string; qty: number; batchNo: string }[]; packs?: { materialCode: string; qty: number }[] };
type Step = { receipt: Receipt } | { shipment: Shipment };

/** yyyy-MM of the month before the one `today` (yyyy-MM-dd) lies in. */
export const previousMonth = (today: string): string => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/**
 * The movements, oldest first, each at 10:00 business time (02:00 UTC) of its day. Materials
 * are the owners' own (M0007 挂面, M0016 苏打饼干, M0018 坚果礼盒 of C001; M0009 矿泉水 of C002),
 * with their master-data gross weight per piece (kg).
 */
export const demoMonthPlan = (today: string): Step[] => {
  const prev = previousMonth(today);
  const month = today.slice(0, 7);
  const batch = (day: string) => `B${day.replaceAll('-', '')}`;
  const steps: Step[] = [
    { receipt: { customerCode: 'C001', area: 'SH1-A', day: `${prev}-03`, lines: [
      { materialCode: 'M0007', qty: 600, qtyWeg: 6, place: 'A-01-01', batchNo: batch(`${prev}-03`) },
      { materialCode: 'M0016', qty: 400, qtyWeg: 4, place: 'A-01-02', batchNo: batch(`${prev}-03`) },
    ] } },
    { receipt: { customerCode: 'C002', area: 'SH1-B', day: `${prev}-05`, lines: [{ materialCode: 'M0009', qty: 500, qtyWeg: 13.5, place: 'B-01-01', batchNo: batch(`${prev}-05`) }] } },
    { receipt: { customerCode: 'C001', area: 'SH1-A', day: `${prev}-12`, lines: [{ materialCode: 'M0018', qty: 300, qtyWeg: 6, place: 'A-01-03', batchNo: batch(`${prev}-12`) }] } },
    { shipment: { customerCode: 'C001', area: 'SH1-A', day: `${prev}-18`, lines: [{ materialCode: 'M0007', qty: 250, batchNo: batch(`${prev}-03`) }], packs: [{ materialCode: 'PK001', qty: 25 }, { materialCode: 'PK003', qty: 1 }] } },
    { shipment: { customerCode: 'C002', area: 'SH1-B', day: `${prev}-20`, lines: [{ materialCode: 'M0009', qty: 200, batchNo: batch(`${prev}-05`) }], packs: [{ materialCode: 'PK002', qty: 2 }] } },
    // this month: a receipt on the 1st and a shipment on the 2nd, once those days have come
    { receipt: { customerCode: 'C001', area: 'SH1-A', day: `${month}-01`, lines: [{ materialCode: 'M0007', qty: 200, qtyWeg: 6, place: 'A-01-01', batchNo: batch(`${month}-01`) }] } },
    { shipment: { customerCode: 'C001', area: 'SH1-A', day: `${month}-02`, lines: [{ materialCode: 'M0016', qty: 100, batchNo: batch(`${prev}-03`) }] } },
  ];
  return steps;
};

const at = (day: string) => `${day}T02:00:00.000Z`;

/**
 * Seeds the demo month for a tenant with no receipt yet (once), through the document kit (its commands on the CommandBus)
 * (the same decisions and stock facts as the console's buttons). Movements whose time has not
 * come yet (`now`) are left out. Returns the number of documents made.
 */
export const seedDemoMonth = async (docs: DocumentKit, context: Omit<DocumentContext, 'causationId'>, today: string, now = new Date()): Promise<number> => {
  if (await docs.any(isinstockbill, context.tenantId)) return 0;
  let n = 0;
  let k = 0;
  // one cause per command, named deterministically (docs/DOMAIN.md "Causation ids")
  const ctx = (): DocumentContext => ({ ...context, causationId: `demo-seed-month-${context.tenantId}-${k++}` });
  for (const step of demoMonthPlan(today)) {
    if ('receipt' in step) {
      const r = step.receipt;
      if (Date.parse(at(r.day)) > now.getTime()) continue;
      const made = await docs.create(
        isinstockbill,
        ctx(),
        { billDate: r.day, customerCode: r.customerCode, warehouseAreaCode: r.area, stockType: 'NORMAL', details: r.lines.map((l) => ({ materialCode: l.materialCode, qty: l.qty, qtyWeg: l.qtyWeg, batchNo: l.batchNo, warehousePlaceCode: l.place })) },
        crypto.randomUUID(),
      );
      await docs.act(isinstockbill, ctx(), made.id, made.version, 'receive', { receivedAt: at(r.day) });
    } else {
      const s = step.shipment;
      if (Date.parse(at(s.day)) > now.getTime()) continue;
      const made = await docs.create(
        osoutstockbill,
        ctx(),
        { billDate: s.day, customerCode: s.customerCode, warehouseAreaCode: s.area, stockType: 'NORMAL', details: s.lines.map((l) => ({ materialCode: l.materialCode, qty: l.qty, batchNo: l.batchNo })) },
        crypto.randomUUID(),
      );
      // allocated, picked and shipped at the shipment's time: no step of the ledger before the goods were there
      const allocated = await docs.act(osoutstockbill, ctx(), made.id, made.version, 'allocate', { allocatedAt: at(s.day) });
      const picked = await docs.act(osoutstockbill, ctx(), made.id, allocated.version, 'pick', { picker: '张伟', pickedAt: at(s.day) });
      await docs.act(osoutstockbill, ctx(), made.id, picked.version, 'ship', { shippedAt: at(s.day), ...(s.packs ? { packMaterials: s.packs } : {}) });
    }
    n++;
  }
  return n;
};
