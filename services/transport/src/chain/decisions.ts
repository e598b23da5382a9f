import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  AppError,
  arrivalbill,
  consignmentbill,
  deliverybill,
  type consignmentDocument,
  type dispatchDocument,
  type DocumentOf,
  type loadingbill,
  type scheduling,
} from '@tpl/contracts';
import type { DecideMeta, DocumentCommand, DocumentDecisions, Effect } from '@tpl/documents';
import { priceFreight, type Freight, type FreightPrices } from './freight';
import { checkNotes, checkRecords, checkSchedules, checkShippingRules, windowOf, type Booking, type NoteFacts, type Rec, type ShippingRule, type Window } from './rules';
import { booked, released, scheduleStream, SCHEDULE_STREAM_TYPE } from './schedule';
import { checkSigning, signedLinesOf, type SigningAction } from './signing';
import { splitOrder, type OrderLine, type Split } from './split';

/**
 * The transport chain's decisions on the document kit (issue 14): plain functions over
 * facts their wiring loads in the command's transaction (transport.wiring.ts). A note follows
 * its dispatch, loading, arrival and delivery documents through kit effects in the same
 * transaction (a note is never on a vehicle its dispatch does not name); the order follows
 * its notes through the process manager (workflows/src/transport).
 */

/** The chain's documents, as the kit folds them. */
export type Order = DocumentOf<typeof consignmentDocument>;
export type Note = DocumentOf<typeof consignmentbill>;
export type Dispatch = DocumentOf<typeof dispatchDocument>;
export type LoadingBill = DocumentOf<typeof loadingbill>;
export type ArrivalBill = DocumentOf<typeof arrivalbill>;

const actionOf = (c: DocumentCommand) => (c.type === 'Act' ? c.data.action : undefined);
const fieldsOf = (c: DocumentCommand) => (c.type === 'Act' ? c.data.fields : {});
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const rowsOf = <T>(doc: Record<string, unknown>, key: string) => ((doc[key] as T[] | undefined) ?? []);
const guard = (f: () => unknown): AppError | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
};
const noteState = (n: Note) => ({ state: `consignmentbill.states.${n.state}` });

// ------------------------------------------------------------------ the order: accepted into notes

export const orderDecisions: DocumentDecisions<undefined, typeof consignmentDocument> = {
  check: (command, doc) => {
    if (actionOf(command) !== 'dispatch' || !doc) return undefined;
    return guard(() => splitOrder(rowsOf<OrderLine>(doc, 'lines'), (fieldsOf(command).splits as Split[] | undefined) ?? []));
  },
  fill: (command, doc) => {
    if (actionOf(command) !== 'dispatch') return undefined;
    const notes = splitOrder(rowsOf<OrderLine>(doc, 'lines'), (fieldsOf(command).splits as Split[] | undefined) ?? []);
    return { notes: notes.map(() => ({ id: randomUUID() })) };
  },
  effects: (command, after, _facts, meta) => {
    if (actionOf(command) !== 'dispatch') return [];
    const parts = splitOrder(rowsOf<OrderLine>(after, 'lines'), (after.splits as Split[] | undefined) ?? []);
    const ids = rowsOf<{ id: string }>(after, 'notes');
    return parts.map((lines, i) => ({
      create: consignmentbill.name,
      id: ids[i]!.id,
      content: {
        billDate: meta.now.slice(0, 10),
        customerCode: after.customerCode,
        orderId: after.id,
        orderBillNo: after.billNo,
        noteNo: i + 1,
        consignee: after.consignee,
        deliveryMode: after.deliveryMode,
        plannedDate: after.plannedDate,
        lines,
        ...(after.remark ? { remark: after.remark } : {}),
      },
    }));
  },
};

// ------------------------------------------------------------------ the dispatch bill

export type DispatchFacts = {
  notes: Map<string, Note>;
  car: Rec;
  driver: Rec;
  carrier: Rec;
  line: Rec;
  rules: Map<string, ShippingRule>;
  carBookings: Booking[];
  carVersion: number;
  driverBookings: Booking[];
  driverVersion: number;
  prices: FreightPrices;
  today: string;
};
type Detail = { noteId: string; noteVersion?: number };

/** What an issue resolves: the vehicle's driver and carrier when the bill names none, the notes' route, the window, the freight. */
export type Resolved = { driverCode?: string | undefined; carrierCode?: string | undefined; lineCode?: string | undefined; window: Window };
export const resolveIssue = (doc: Dispatch, facts: Pick<DispatchFacts, 'car' | 'notes' | 'line'>, now: string): Resolved => {
  const driverCode = str(doc.driverCode) ?? str(facts.car?.data.driverCode);
  const carrierCode = str(doc.carrierCode) ?? str(facts.car?.data.carrierCode);
  const noteLine = [...facts.notes.values()].map((n) => str(n.lineCode)).find(Boolean);
  const lineCode = str(doc.lineCode) ?? noteLine;
  const hours = Number(facts.line?.data.durationHours ?? 0) || undefined;
  return { driverCode, carrierCode, lineCode, window: windowOf(str(doc.plannedStart), str(doc.plannedEnd), now, hours) };
};

export const notesOnDispatch = (doc: Dispatch, notes: Map<string, Note>): NoteFacts[] =>
  rowsOf<Detail>(doc, 'details').map((d) => {
    const n = notes.get(d.noteId);
    if (!n) throw new AppError(409, 'transport.errors.noteNotFound', { id: d.noteId });
    return { id: n.id, billNo: n.billNo, state: n.state, version: n.version, seenVersion: d.noteVersion, customerCode: n.customerCode ?? '', lineCode: str(n.lineCode) };
  });

export const freightOf = (doc: Dispatch, facts: DispatchFacts, lineCode: string): Freight =>
  priceFreight(
    lineCode,
    rowsOf<Detail>(doc, 'details').map((d) => {
      const n = facts.notes.get(d.noteId)!;
      return { id: n.id, billNo: n.billNo, lines: rowsOf<{ materialCode: string; qty: number; weg?: number; volume?: number; packages?: number }>(n, 'lines') };
    }),
    facts.prices,
  );

export const checkIssue = (doc: Dispatch, facts: DispatchFacts, meta: DecideMeta): AppError | undefined =>
  guard(() => {
    const notes = notesOnDispatch(doc, facts.notes);
    const r = resolveIssue(doc, facts, meta.now);
    const carNo = doc.carNo;
    const refused =
      checkRecords(carNo, facts.car, r.driverCode, facts.driver, r.carrierCode, facts.carrier, r.lineCode, facts.line, facts.today) ??
      checkNotes(notes, r.lineCode!) ??
      checkShippingRules(notes, facts.rules) ??
      checkSchedules(r.window, carNo, facts.carBookings, r.driverCode!, facts.driverBookings, doc.id);
    if (refused) throw refused;
    freightOf(doc, facts, r.lineCode!);
  });

export const dispatchDecisions = (load: DocumentDecisions<DispatchFacts, typeof dispatchDocument>['load']): DocumentDecisions<DispatchFacts, typeof dispatchDocument> => ({
  load,
  check: (command, doc, facts, meta) => {
    if (!doc) return undefined;
    const action = actionOf(command);
    if (action === 'issue') return checkIssue(doc, facts, meta);
    if (action === 'cancel' && doc.state === 'Issued') {
      for (const d of rowsOf<Detail>(doc, 'details')) {
        const n = facts.notes.get(d.noteId);
        if (n && n.state !== 'Dispatched') return new AppError(409, 'transport.errors.dispatchLoaded', { billNo: doc.billNo, note: n.billNo });
      }
    }
    return undefined;
  },
  fill: (command, doc, facts, meta) => {
    if (actionOf(command) !== 'issue') return undefined;
    const r = resolveIssue(doc, facts, meta.now);
    const f = freightOf(doc, facts, r.lineCode!);
    return { driverCode: r.driverCode, carrierCode: r.carrierCode, lineCode: r.lineCode, plannedStart: r.window.start, plannedEnd: r.window.end, freight: f.freight, freightLines: f.lines };
  },
  effects: (command, after, facts) => {
    const action = actionOf(command);
    const carNo = after.carNo;
    const driverCode = after.driverCode ?? '';
    if (action === 'issue') {
      // the window the issue resolved (fill) landed with it
      const booking: Booking = { documentType: 'dispatch', documentId: after.id, billNo: after.billNo, start: after.plannedStart, end: after.plannedEnd };
      const lines = after.freightLines ?? [];
      const effects: Effect[] = [
        { stream: scheduleStream(after.tenantId, 'car', carNo), streamType: SCHEDULE_STREAM_TYPE, events: [booked(booking)], expectedVersion: facts.carVersion },
        { stream: scheduleStream(after.tenantId, 'driver', driverCode), streamType: SCHEDULE_STREAM_TYPE, events: [booked(booking)], expectedVersion: facts.driverVersion },
      ];
      for (const d of rowsOf<Detail>(after, 'details')) {
        const freight = lines.filter((l) => l.noteId === d.noteId).reduce((s, l) => s.plus(l.amount), new Decimal(0)).toNumber();
        effects.push({
          document: consignmentbill.name,
          id: d.noteId,
          action: 'dispatch',
          fields: { dispatchId: after.id, dispatchBillNo: after.billNo, carNo, driverCode, carrierCode: after.carrierCode, lineCode: after.lineCode, freight },
        });
      }
      return effects;
    }
    if (action === 'cancel' && after.issuedAt) {
      return [
        { stream: scheduleStream(after.tenantId, 'car', carNo), streamType: SCHEDULE_STREAM_TYPE, events: [released(after.id)], expectedVersion: facts.carVersion },
        ...(driverCode ? [{ stream: scheduleStream(after.tenantId, 'driver', driverCode), streamType: SCHEDULE_STREAM_TYPE, events: [released(after.id)], expectedVersion: facts.driverVersion }] : []),
        ...rowsOf<Detail>(after, 'details').map((d) => ({ document: consignmentbill.name, id: d.noteId, action: 'undispatch', fields: { dispatchBillNo: after.billNo } })),
      ];
    }
    return [];
  },
});

// ------------------------------------------------------------------ loading, arrival, delivery

export type ChainFacts = { dispatch?: Dispatch | undefined; loading?: LoadingBill | undefined; notes: Map<string, Note> };
type NoteLine = { noteId: string; noteBillNo?: string; packages?: number };

const notesIn = (doc: Record<string, unknown>, facts: ChainFacts, states: readonly string[], dispatchId?: string): AppError | undefined => {
  for (const l of rowsOf<NoteLine>(doc, 'details')) {
    const n = facts.notes.get(l.noteId);
    if (!n) return new AppError(409, 'transport.errors.noteNotFound', { id: l.noteId });
    if (dispatchId && n.dispatchId !== dispatchId) return new AppError(409, 'transport.errors.noteNotOnDispatch', { billNo: n.billNo, dispatch: facts.dispatch?.billNo ?? dispatchId });
    if (!states.includes(n.state)) return new AppError(409, 'transport.errors.noteNotInState', { billNo: n.billNo }, noteState(n));
  }
  return undefined;
};

export const loadingDecisions = (load: DocumentDecisions<ChainFacts, typeof loadingbill>['load']): DocumentDecisions<ChainFacts, typeof loadingbill> => ({
  load,
  check: (command, doc, facts) => {
    const action = actionOf(command);
    // a content to be recorded is judged as the document it would make
    const subject: Record<string, unknown> | undefined = command.type === 'Create' || command.type === 'Change' ? { ...(doc ?? {}), ...command.data.content } : doc;
    if (!subject) return undefined;
    if (command.type === 'Create' || command.type === 'Change' || action === 'load') {
      const d = facts.dispatch;
      if (!d) return new AppError(409, 'transport.errors.noteNotFound', { id: String(subject.dispatchId) });
      if (d.state !== 'Issued') return new AppError(409, 'transport.errors.dispatchNotIssued', { billNo: d.billNo }, { state: `dispatch.states.${d.state}` });
      return notesIn(subject, facts, ['Dispatched'], d.id);
    }
    if (action === 'arrive') return notesIn(subject, facts, ['Loaded']);
    return undefined;
  },
  fill: (command, _doc, facts) => {
    const action = actionOf(command);
    if (action === 'load') return { dispatchBillNo: facts.dispatch?.billNo, carNo: facts.dispatch?.carNo };
    if (action === 'arrive') return { arrivalBillId: randomUUID() };
    return undefined;
  },
  effects: (command, after) => {
    const action = actionOf(command);
    const lines = rowsOf<NoteLine>(after, 'details');
    if (action === 'load') return lines.map((l) => ({ document: consignmentbill.name, id: l.noteId, action: 'load', fields: { loadingBillId: after.id, loadingBillNo: after.billNo, loadedAt: after.loadedAt } }));
    if (action === 'arrive') {
      return [{
        create: arrivalbill.name,
        // the id the arrival's fill gave it
        id: after.arrivalBillId!,
        content: {
          billDate: (after.arrivedAt ?? '').slice(0, 10) || after.billDate,
          loadingBillId: after.id,
          loadingBillNo: after.billNo,
          dispatchBillNo: after.dispatchBillNo,
          carNo: after.carNo,
          arrivedAt: after.arrivedAt,
          details: lines,
        },
      }];
    }
    return [];
  },
});

export const arrivalDecisions = (load: DocumentDecisions<ChainFacts, typeof arrivalbill>['load']): DocumentDecisions<ChainFacts, typeof arrivalbill> => ({
  load,
  check: (command, _doc, facts) => {
    if (command.type === 'Create') {
      // only the loading bill's arrival confirmation writes an arrival bill
      const l = facts.loading;
      if (!l || l.state !== 'Arrived' || l.arrivalBillId !== command.data.id) return new AppError(409, 'transport.errors.noteNotFound', { id: String(command.data.content.loadingBillId ?? '') });
      return notesIn(command.data.content, facts, ['Loaded']);
    }
    if (actionOf(command) === 'review') {
      const f = fieldsOf(command);
      if (f.reviewResult === 'EXCEPTION' && !str(f.reviewRemark)) return new AppError(400, 'transport.errors.reviewRemarkRequired');
    }
    return undefined;
  },
  effects: (command, after, facts) => {
    const lines = rowsOf<NoteLine>(after, 'details');
    if (command.type === 'Create') {
      const out: Effect[] = [];
      for (const l of lines) {
        const n = facts.notes.get(l.noteId)!;
        const deliveryBillId = randomUUID();
        out.push({ document: consignmentbill.name, id: n.id, action: 'arrive', fields: { arrivalBillId: after.id, arrivalBillNo: after.billNo, deliveryBillId, arrivedAt: after.arrivedAt } });
        out.push({
          create: deliverybill.name,
          id: deliveryBillId,
          content: {
            billDate: after.billDate,
            customerCode: n.customerCode,
            noteId: n.id,
            noteBillNo: n.billNo,
            arrivalBillNo: after.billNo,
            carNo: after.carNo,
            consignee: n.consignee,
            ...(after.arrivedAt ? { arrivedAt: after.arrivedAt } : {}),
            lines: rowsOf<{ materialCode: string; name: string; qty: number; packages?: number }>(n, 'lines').map((x) => ({ materialCode: x.materialCode, name: x.name, qty: x.qty, packages: x.packages ?? 0 })),
          },
        });
      }
      return out;
    }
    if (actionOf(command) === 'review') {
      const out: Effect[] = [];
      for (const l of lines) {
        const n = facts.notes.get(l.noteId);
        // a note received early has gone ahead: the review leaves it (and its delivery bill) where they are
        if (!n || n.state !== 'Arrived') continue;
        out.push({ document: consignmentbill.name, id: n.id, action: 'review', fields: { reviewResult: after.reviewResult, reviewRemark: after.reviewRemark } });
        if (n.deliveryBillId) out.push({ document: deliverybill.name, id: n.deliveryBillId, action: 'release', fields: { arrivalBillNo: after.billNo } });
      }
      return out;
    }
    return [];
  },
});

const SIGNING: readonly string[] = ['sign', 'signPartially', 'refuse'];

export const deliveryDecisions: DocumentDecisions<undefined, typeof deliverybill> = {
  check: (command, doc) => {
    const action = actionOf(command);
    if (!doc || !action || !SIGNING.includes(action)) return undefined;
    const f = fieldsOf(command);
    return checkSigning(action as SigningAction, rowsOf<{ materialCode: string; qty: number }>(doc, 'lines'), f.signedLines as never, str(f.reason));
  },
  fill: (command, doc) => {
    const action = actionOf(command);
    if (!action || !SIGNING.includes(action)) return undefined;
    return { signedLines: signedLinesOf(action as SigningAction, rowsOf<{ materialCode: string; qty: number }>(doc, 'lines'), fieldsOf(command).signedLines as never) };
  },
  effects: (command, after) => {
    const action = actionOf(command);
    if (action === 'receiveEarly') return [{ document: consignmentbill.name, id: after.noteId, action: 'receiveEarly', fields: { receiver: after.receiver, receivedAt: after.receivedAt, receiptRemark: after.receiptRemark } }];
    if (action && SIGNING.includes(action)) {
      const fields: Record<string, unknown> = {};
      for (const k of ['signer', 'signedAt', 'signature', 'photos', 'signedLines', 'reason']) if (after[k] !== undefined) fields[k] = after[k];
      return [{ document: consignmentbill.name, id: after.noteId, action, fields }];
    }
    return [];
  },
};

// ------------------------------------------------------------------ vehicle schedules

export type ScheduleFacts = { carBookings: Booking[]; carVersion: number; driverBookings: Booking[]; driverVersion: number };

export const schedulingDecisions = (load: DocumentDecisions<ScheduleFacts, typeof scheduling>['load']): DocumentDecisions<ScheduleFacts, typeof scheduling> => ({
  load,
  check: (command, doc, facts) => {
    if (!doc || actionOf(command) !== 'confirm') return undefined;
    return checkSchedules({ start: doc.planStart, end: doc.planEnd }, doc.carNo, facts.carBookings, doc.driverCode ?? '', facts.driverBookings, doc.id);
  },
  effects: (command, after, facts) => {
    const action = actionOf(command);
    const streams: { stream: string; version: number }[] = [{ stream: scheduleStream(after.tenantId, 'car', after.carNo), version: facts.carVersion }];
    if (after.driverCode) streams.push({ stream: scheduleStream(after.tenantId, 'driver', after.driverCode), version: facts.driverVersion });
    if (action === 'confirm') {
      const b: Booking = { documentType: 'scheduling', documentId: after.id, billNo: after.billNo, start: new Date(after.planStart).toISOString(), end: new Date(after.planEnd).toISOString() };
      return streams.map((s) => ({ stream: s.stream, streamType: SCHEDULE_STREAM_TYPE, events: [booked(b)], expectedVersion: s.version }));
    }
    if (action === 'release') return streams.map((s) => ({ stream: s.stream, streamType: SCHEDULE_STREAM_TYPE, events: [released(after.id)], expectedVersion: s.version }));
    return [];
  },
});
