import { AppError, osoutstockbill, wavebill, type DocumentOf } from '@tpl/contracts';
import type { DocumentDecisions, Effect } from '@tpl/documents';
import type { OutboundBill } from '../outbound/outbound.decisions';
import { listedLines, numberLines } from '../outbound/listed.decisions';
import { actionOf } from '../shared/lines';
import { notBeforeBill, stepAt } from '../shared/times';
import { pathMeasure, sharesText, wavePath, type Bin, type HeldRow } from './wave.path';

/**
 * The wave's own decisions (docs/DOMAIN.md "Wave"): which bills it may gather, the pick path it
 * writes when issued, what its pick must record, and the bills' own actions it sends (join,
 * picked, leave) in the same transaction, each judged by the bill's machine and decisions.
 */
export type Wave = DocumentOf<typeof wavebill>;

/** What the wave's decisions read, in the command's transaction. */
export type WaveFacts = {
  /** the listed bills, by number */
  bills: Map<string, OutboundBill>;
  /** when issued: what each bill holds frozen (the ledger's ALLOCATE, RELEASE and SHIP lines), by bill number */
  held: Map<string, HeldRow[]>;
  /** when issued: the bins those rows lie in */
  bins: Map<string, Bin>;
  /** the bills' areas and the areas above them: code -> parent code */
  areas: Map<string, string | undefined>;
};

type PathRow = { seq: number; warehousePlaceCode: string; materialCode: string; qty: number };
type PickedRow = { seq?: number; pickedQty?: number };

const pathOf = (doc: Wave): PathRow[] => (doc.path as PathRow[] | undefined) ?? [];

/** A bill's area is the wave's, or one under it (a wave of a warehouse walks its zones). */
export const withinArea = (area: string, waveArea: string, areas: ReadonlyMap<string, string | undefined>): boolean => {
  let at: string | undefined = area;
  for (let depth = 0; at && depth < 10; depth++) {
    if (at === waveArea) return true;
    at = areas.get(at);
  }
  return false;
};

/** Gathering: every bill exists, is allocated and in no wave, lies in the wave's area, is the wave's owner's when it names one, and holds stock. */
export const checkGather = (doc: Wave, facts: WaveFacts): AppError | undefined => {
  for (const l of listedLines(doc)) {
    const bill = facts.bills.get(l.osBillNo);
    if (!bill) return new AppError(409, 'warehouse.errors.billNotFound', { billNo: l.osBillNo });
    if (bill.state === 'Waved') return new AppError(409, 'warehouse.errors.billInWave', { billNo: bill.billNo, waveNo: String(bill.waveNo ?? '') });
    if (bill.state !== 'Allocated') return new AppError(409, 'warehouse.errors.billNotReady', { billNo: bill.billNo }, { state: `${osoutstockbill.name}.states.${bill.state}` });
    if (!withinArea(bill.warehouseAreaCode, doc.warehouseAreaCode, facts.areas)) return new AppError(409, 'warehouse.errors.billOtherArea', { billNo: bill.billNo, area: doc.warehouseAreaCode });
    if (doc.customerCode && bill.customerCode !== doc.customerCode)
      return new AppError(409, 'warehouse.errors.waveOtherOwner', { billNo: bill.billNo, customerCode: bill.customerCode, owner: doc.customerCode });
    if (!(facts.held.get(bill.billNo) ?? []).some((r) => r.qty > 0)) return new AppError(409, 'warehouse.errors.waveNothingHeld', { billNo: bill.billNo });
  }
  return undefined;
};

/** Picking: every bill still in this wave, every step of the path recorded at exactly its quantity (a short pick is refused, naming the step). */
export const checkPick = (doc: Wave, facts: WaveFacts, picked: readonly PickedRow[]): AppError | undefined => {
  for (const l of listedLines(doc)) {
    const bill = facts.bills.get(l.osBillNo);
    if (!bill) return new AppError(409, 'warehouse.errors.billNotFound', { billNo: l.osBillNo });
    if (bill.state !== 'Waved' || bill.waveNo !== doc.billNo) return new AppError(409, 'warehouse.errors.billNotReady', { billNo: bill.billNo }, { state: `${osoutstockbill.name}.states.${bill.state}` });
  }
  const path = pathOf(doc);
  const steps = new Set(path.map((p) => p.seq));
  for (const r of picked) if (typeof r.seq === 'number' && !steps.has(r.seq)) return new AppError(409, 'warehouse.errors.waveStepUnknown', { seq: r.seq });
  for (const p of path) {
    const row = picked.find((r) => r.seq === p.seq);
    const vars = { seq: p.seq, place: p.warehousePlaceCode, materialCode: p.materialCode, qty: p.qty };
    if (!row || typeof row.pickedQty !== 'number' || !Number.isFinite(row.pickedQty)) return new AppError(409, 'warehouse.errors.waveStepMissing', vars);
    if (row.pickedQty < p.qty) return new AppError(409, 'warehouse.errors.waveShortPick', { ...vars, picked: row.pickedQty });
    if (row.pickedQty > p.qty) return new AppError(409, 'warehouse.errors.waveOverPick', { ...vars, picked: row.pickedQty });
  }
  return undefined;
};

/** The path the issue writes: the bills' frozen rows merged by bin, in walking order, with how each step splits back. */
export const issueFill = (doc: Wave, facts: WaveFacts) => {
  const bills = listedLines(doc).map((l) => {
    const bill = facts.bills.get(l.osBillNo)!;
    return { billNo: bill.billNo, customerCode: bill.customerCode, rows: facts.held.get(bill.billNo) ?? [] };
  });
  const steps = wavePath(bills, facts.bins);
  const { binVisits, length } = pathMeasure(steps, facts.bins);
  return {
    path: steps.map(({ shares, ...s }) => ({ ...s, bills: sharesText(shares) })),
    binVisits,
    pathLength: length,
  };
};

/** The bills of the wave that are in it now (a cancel gives back only those). */
const billsInWave = (doc: Wave, facts: WaveFacts): OutboundBill[] =>
  listedLines(doc)
    .map((l) => facts.bills.get(l.osBillNo))
    .filter((b): b is OutboundBill => b !== undefined && b.state === 'Waved' && b.waveNo === doc.billNo);

const sendTo = (bills: readonly OutboundBill[], action: string, fields: Record<string, unknown>): Effect[] =>
  bills.map((b) => ({ document: osoutstockbill.name, id: b.id, action, fields }));

export const waveDecisions = (load: DocumentDecisions<WaveFacts, typeof wavebill>['load']): DocumentDecisions<WaveFacts, typeof wavebill> => ({
  load,
  // the path and its measures are the issue's, never the content's
  compute: (content) => {
    const { binVisits: _v, pathLength: _l, path: _p, ...rest } = content;
    return numberLines(rest);
  },
  check: (command, doc, facts, meta) => {
    if (!doc || command.type !== 'Act') return undefined;
    const action = command.data.action;
    if (action === 'issue') return checkGather(doc, facts);
    if (action === 'pick') {
      const refused = checkPick(doc, facts, (command.data.fields.picked as PickedRow[] | undefined) ?? []);
      if (refused) return refused;
      // picked after each bill was allocated (the bill's own check says so too, without naming it)
      const at = stepAt(command, 'pickedAt', meta);
      for (const bill of facts.bills.values()) {
        const beforeBill = notBeforeBill(wavebill, 'pickedAt', at, bill, osoutstockbill, 'allocatedAt');
        if (beforeBill) return beforeBill;
      }
    }
    return undefined;
  },
  fill: (command, doc, facts) => (command.type === 'Act' && command.data.action === 'issue' ? issueFill(doc, facts) : undefined),
  effects: (command, after, facts) => {
    switch (actionOf(command)) {
      case 'issue':
        return sendTo(
          listedLines(after).map((l) => facts.bills.get(l.osBillNo)!),
          'joinWave',
          { waveNo: after.billNo },
        );
      case 'pick':
        return sendTo(billsInWave(after, facts), 'wavePick', { picker: after.picker, pickedAt: after.pickedAt });
      case 'cancel':
        return sendTo(billsInWave(after, facts), 'leaveWave', {});
      default:
        return [];
    }
  },
});
