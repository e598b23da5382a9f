import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  AppError,
  arrivalbill,
  consignmentDocument as consignment,
  consignmentbill,
  deliverybill,
  dispatchDocument as dispatch,
  documentContentSchemaOf,
  loadingbill,
  scheduling,
  type BoardDispatchBody,
  type BoardDispatchResult,
  type ChainView,
  type DocumentDef,
  type DocumentOf,
  type FreightExplanation,
  type FreightLine,
  type TimelineEntry,
} from '@tpl/contracts';
import { DocumentCommands, DocumentDecisionsRegistry, DocumentService, type DocumentCommandOf, type DocumentContext, type LoadInput } from '@tpl/documents';
import { PROJECTOR, busReaction, type Projector, type StoredEvent, type UnitOfWork } from '@tpl/event-store';
import { MASTER_DATA, type MasterData, type MasterRecord } from '@tpl/masterdata';
import { NOTE_EVENTS } from '@tpl/workflows';
import {
  arrivalDecisions,
  checkIssue,
  deliveryDecisions,
  dispatchDecisions,
  loadingDecisions,
  orderDecisions,
  resolveIssue,
  schedulingDecisions,
  type ChainFacts,
  type Dispatch,
  type DispatchFacts,
  type Note,
  type ScheduleFacts,
} from './decisions';
import type { FreightPrices, PriceRecord } from './freight';
import type { ShippingRule } from './rules';
import { bookingsOf, scheduleStream } from './schedule';
import { liveDoc } from './live-doc';
import { NoteEventRead } from './order-follower';

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const valid = (r: MasterRecord, today: string) =>
  Number(r.data.invalid ?? 0) !== 1 && (!str(r.data.startDate) || String(r.data.startDate) <= today) && (!str(r.data.endDate) || String(r.data.endDate) >= today);
const rowsOf = <T>(doc: Record<string, unknown>, key: string) => ((doc[key] as T[] | undefined) ?? []);

/** Its checkpoint in tpl_checkpoints. */
export const ORDER_FOLLOWER = 'transport-order-follows-notes';


/**
 * The transport chain's IO (issue 14): loads what its decisions need in the command's
 * transaction (notes, master data through MASTER_DATA, the schedules), the board's atomic
 * dispatch, the freight explanation, the timeline and the chain as of an event, and the
 * process manager's wiring: a projector reaction that hands each note event to the order
 * follower (order-follower.ts) on the EventBus.
 */
@Injectable()
export class TransportChain implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
    @Inject(PROJECTOR) private readonly projector: Projector,
    @Inject(DocumentCommands) private readonly commands: DocumentCommands,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  onModuleInit() {
    this.registry.register(consignment, orderDecisions);
    this.registry.register(dispatch, dispatchDecisions((input) => this.dispatchFacts(input)));
    this.registry.register(loadingbill, loadingDecisions((input) => this.chainFacts(input)));
    this.registry.register(arrivalbill, arrivalDecisions((input) => this.chainFacts(input)));
    this.registry.register(deliverybill, deliveryDecisions);
    this.registry.register(scheduling, schedulingDecisions((input) => this.scheduleFacts(input)));
    if (!this.projector.has(ORDER_FOLLOWER)) {
      this.projector.addReaction(busReaction(this.events, { name: ORDER_FOLLOWER, handles: NOTE_EVENTS, message: NoteEventRead, pollMs: Number(process.env.FLOW_POLL_MS ?? 300) }));
    }
  }

  /** Handles every note event up to the newest (tests, and reads that must see the order settled). */
  drain(): Promise<void> {
    return this.projector.catchUp(ORDER_FOLLOWER);
  }

  // ------------------------------------------------------------------ loads

  private doc<D extends DocumentDef>(def: D, tenantId: string, id: string | undefined, uow?: UnitOfWork): Promise<DocumentOf<D> | undefined> {
    return liveDoc(this.documents, def, tenantId, id, uow);
  }

  private async notes(tenantId: string, ids: readonly string[], uow: UnitOfWork) {
    const out = new Map<string, Note>();
    for (const id of ids) {
      const n = await this.doc(consignmentbill, tenantId, id, uow);
      if (n) out.set(id, n);
    }
    return out;
  }

  private async schedule(tenantId: string, kind: 'car' | 'driver', code: string | undefined, uow: UnitOfWork) {
    if (!code) return { bookings: [], version: 0 };
    const events = await uow.readStream(scheduleStream(tenantId, kind, code));
    return { bookings: bookingsOf(events), version: events.length ? events[events.length - 1]!.version : 0 };
  }

  private async one(tenantId: string, entity: string, code: string | undefined, uow: UnitOfWork) {
    return code ? (await this.masterData.byCodes(tenantId, entity, [code], uow)).get(code) : undefined;
  }

  private async prices(tenantId: string, lineCode: string | undefined, today: string, uow: UnitOfWork): Promise<FreightPrices> {
    if (!lineCode) return { goods: new Map() };
    const price = (r: MasterRecord): PriceRecord => ({ code: r.code, basis: r.data.basis === 'VOLUME' ? 'VOLUME' : 'WEIGHT', unitPrice: Number(r.data.unitPrice) });
    const rate = (await this.masterData.where(tenantId, 'basicpay', { lineCode }, 2000, uow)).filter((r) => valid(r, today))[0];
    const goods = new Map<string, PriceRecord>();
    for (const r of await this.masterData.where(tenantId, 'basicgoodsforpay', { lineCode }, 2000, uow)) {
      if (valid(r, today) && !goods.has(String(r.data.materialCode))) goods.set(String(r.data.materialCode), price(r));
    }
    const packs = (await this.masterData.where(tenantId, 'basicpackge', {}, 2000, uow)).filter((r) => valid(r, today));
    const pack = packs.find((r) => r.data.lineCode === lineCode) ?? packs.find((r) => !str(r.data.lineCode));
    return { rate: rate ? price(rate) : undefined, goods, pack: pack ? { code: pack.code, unitPrice: Number(pack.data.unitPrice) } : undefined };
  }

  async dispatchFacts({ tenantId, command, doc, uow }: LoadInput<typeof dispatch>): Promise<DispatchFacts> {
    const today = new Date().toISOString().slice(0, 10);
    const facts: DispatchFacts = { notes: new Map(), car: undefined, driver: undefined, carrier: undefined, line: undefined, rules: new Map(), carBookings: [], carVersion: 0, driverBookings: [], driverVersion: 0, prices: { goods: new Map() }, today };
    if (!doc || command.type !== 'Act') return facts;
    const action = command.data.action;
    if (action !== 'issue' && action !== 'cancel') return facts;
    facts.notes = await this.notes(tenantId, rowsOf<{ noteId: string }>(doc, 'details').map((d) => d.noteId), uow);
    const carNo = doc.carNo;
    if (action === 'cancel') {
      const car = await this.schedule(tenantId, 'car', carNo, uow);
      const driver = await this.schedule(tenantId, 'driver', str(doc.driverCode), uow);
      return { ...facts, carVersion: car.version, driverVersion: driver.version };
    }
    facts.car = await this.one(tenantId, 'basiccar', carNo, uow);
    const r = resolveIssue(doc, facts, new Date().toISOString());
    facts.driver = await this.one(tenantId, 'basicdriver', r.driverCode, uow);
    facts.carrier = await this.one(tenantId, 'basiccarrier', r.carrierCode, uow);
    facts.line = await this.one(tenantId, 'basicline', r.lineCode, uow);
    const customers = [...new Set([...facts.notes.values()].map((n) => n.customerCode ?? ''))];
    const rules = await this.masterData.byCodes(tenantId, 'customershippingrules', customers, uow);
    facts.rules = new Map([...rules].map(([code, rec]) => [code, rec.data as ShippingRule]));
    const car = await this.schedule(tenantId, 'car', carNo, uow);
    const driver = await this.schedule(tenantId, 'driver', r.driverCode, uow);
    facts.prices = await this.prices(tenantId, r.lineCode, today, uow);
    return { ...facts, carBookings: car.bookings, carVersion: car.version, driverBookings: driver.bookings, driverVersion: driver.version };
  }

  async chainFacts({ tenantId, command, doc, uow }: LoadInput<typeof loadingbill> | LoadInput<typeof arrivalbill>): Promise<ChainFacts> {
    const subject: Record<string, unknown> | undefined = command.type === 'Create' || command.type === 'Change' ? { ...(doc ?? {}), ...command.data.content } : doc;
    if (!subject) return { notes: new Map() };
    const dispatchDoc = await this.doc(dispatch, tenantId, str(subject.dispatchId), uow);
    const loading = await this.doc(loadingbill, tenantId, str(subject.loadingBillId), uow);
    const notes = await this.notes(tenantId, rowsOf<{ noteId: string }>(subject, 'details').map((d) => d.noteId), uow);
    return { dispatch: dispatchDoc, loading, notes };
  }

  async scheduleFacts({ tenantId, doc, uow }: LoadInput<typeof scheduling>): Promise<ScheduleFacts> {
    if (!doc) return { carBookings: [], carVersion: 0, driverBookings: [], driverVersion: 0 };
    const car = await this.schedule(tenantId, 'car', str(doc.carNo), uow);
    const driver = await this.schedule(tenantId, 'driver', str(doc.driverCode), uow);
    return { carBookings: car.bookings, carVersion: car.version, driverBookings: driver.bookings, driverVersion: driver.version };
  }

  // ------------------------------------------------------------------ the board's dispatch

  /**
   * One dispatch bill for these notes on a vehicle, created AND issued in one transaction. The
   * rules are judged before anything is written (a refusal names its rule); the issue judges
   * them again inside the transaction, after the bill's number is taken (which serialises two
   * dispatchers), so a note that moved meanwhile is refused, never put on two vehicles.
   */
  async boardDispatch(ctx: DocumentContext, body: BoardDispatchBody): Promise<BoardDispatchResult> {
    return this.documents.transaction(async (uow) => {
      const now = new Date().toISOString();
      const notes: Note[] = [];
      for (const t of body.notes) {
        const n = await this.doc(consignmentbill, ctx.tenantId, t.id, uow);
        if (!n) throw new AppError(404, 'transport.errors.noteNotFound', { id: t.id });
        notes.push(n);
      }
      const seen = new Map(body.notes.map((t) => [t.id, t.version]));
      const content = documentContentSchemaOf(dispatch).parse({
        billDate: now.slice(0, 10),
        carNo: body.carNo,
        ...(body.driverCode ? { driverCode: body.driverCode } : {}),
        ...(body.carrierCode ? { carrierCode: body.carrierCode } : {}),
        ...(body.lineCode ? { lineCode: body.lineCode } : {}),
        ...(body.plannedStart ? { plannedStart: body.plannedStart } : {}),
        ...(body.plannedEnd ? { plannedEnd: body.plannedEnd } : {}),
        details: notes.map((n) => {
          const t = (n.totals ?? {}) as Record<string, number>;
          return { noteId: n.id, noteBillNo: n.billNo, noteVersion: seen.get(n.id), customerCode: n.customerCode ?? '', qty: t.qty ?? 0, weg: t.weg ?? 0, volume: t.volume ?? 0, packages: t.packages ?? 0 };
        }),
      }) as Record<string, unknown>;
      const id = randomUUID();
      // the rules first, so a refusal names its rule (a reference check would only say "invalid")
      const draft = { ...content, id, tenantId: ctx.tenantId, billNo: '', state: 'Draft', version: 0 } as unknown as Dispatch;
      const command: DocumentCommandOf<typeof dispatch> = { type: 'Act', data: { id, expectedVersion: 0, action: 'issue', fields: {} } };
      const refused = checkIssue(draft, await this.dispatchFacts({ tenantId: ctx.tenantId, command, doc: draft, uow }), { now, actor: ctx.actor });
      if (refused) throw refused;
      const made = await this.commands.create(dispatch, ctx, content, id, {}, uow);
      const issued = await this.commands.act(dispatch, ctx, id, made.version, 'issue', {}, uow);
      const after = await this.notes(ctx.tenantId, notes.map((n) => n.id), uow);
      return { dispatch: issued, notes: [...after.values()].map((n) => ({ id: n.id, billNo: n.billNo, version: n.version, state: n.state })) };
    });
  }

  // ------------------------------------------------------------------ reads

  async freight(tenantId: string, id: string): Promise<FreightExplanation> {
    const d = await this.documents.detail(dispatch, tenantId, id);
    const lines = (d.freightLines as FreightLine[] | undefined) ?? [];
    const notes = rowsOf<{ noteId: string; noteBillNo?: string }>(d, 'details').map((x) => ({
      noteId: x.noteId,
      noteBillNo: String(x.noteBillNo ?? ''),
      freight: lines.filter((l) => l.noteId === x.noteId).reduce((s, l) => s.plus(l.amount), new Decimal(0)).toNumber(),
    }));
    return { dispatchId: d.id, billNo: d.billNo, lineCode: String(d.lineCode ?? ''), freight: Number(d.freight ?? 0), notes, lines };
  }

  /**
   * The documents of an order's chain: the order names its notes (its dispatch step), and each
   * note's facts name its dispatch, loading, arrival and delivery bills. The links are the
   * documents' own facts, read from their streams: transport's own, never another's table.
   */
  private async chainOf(tenantId: string, orderId: string): Promise<{ def: DocumentDef; id: string; events: StoredEvent[] }[]> {
    const orderEvents = await this.documents.events(consignment, tenantId, orderId);
    if (!orderEvents.length) throw new AppError(404, 'errors.documentNotFound', { id: orderId });
    const out: { def: DocumentDef; id: string; events: StoredEvent[] }[] = [{ def: consignment, id: orderId, events: orderEvents }];
    const seen = new Set<string>([orderId]);
    const add = async (def: DocumentDef, id: unknown) => {
      if (typeof id !== 'string' || !id || seen.has(id)) return;
      seen.add(id);
      const events = await this.documents.events(def, tenantId, id);
      if (events.length) out.push({ def, id, events });
    };
    const noteIds = orderEvents.flatMap((e) => ((e.data as { notes?: { id: string }[] }).notes ?? []).map((n) => n.id));
    for (const noteId of noteIds) {
      await add(consignmentbill, noteId);
      const note = out.find((x) => x.id === noteId);
      for (const e of note?.events ?? []) {
        const d = (e.data ?? {}) as Record<string, unknown>;
        await add(dispatch, d.dispatchId);
        await add(loadingbill, d.loadingBillId);
        await add(arrivalbill, d.arrivalBillId);
        await add(deliverybill, d.deliveryBillId);
      }
    }
    return out;
  }

  async timeline(tenantId: string, orderId: string): Promise<TimelineEntry[]> {
    const chain = await this.chainOf(tenantId, orderId);
    const entries: TimelineEntry[] = [];
    for (const { def, id, events } of chain) {
      const billNo = String((events[0]!.data as { billNo?: unknown }).billNo ?? '');
      for (const e of events) {
        entries.push({
          documentType: def.name,
          documentId: id,
          billNo,
          type: e.type,
          version: e.version,
          time: e.metadata.occurredAt,
          actor: e.metadata.actor,
          data: e.data,
          globalPosition: e.globalPosition,
          correlationId: e.metadata.correlationId,
          ...(e.metadata.causationId ? { causationId: e.metadata.causationId } : {}),
        });
      }
    }
    return entries.sort((a, b) => (BigInt(a.globalPosition) < BigInt(b.globalPosition) ? -1 : BigInt(a.globalPosition) > BigInt(b.globalPosition) ? 1 : 0));
  }

  async chain(tenantId: string, orderId: string, at?: string): Promise<ChainView> {
    const chain = await this.chainOf(tenantId, orderId);
    const limit = at === undefined ? undefined : BigInt(at);
    const documents: ChainView['documents'] = [];
    for (const { def, id, events } of chain) {
      const upTo = limit === undefined ? events : events.filter((e) => BigInt(e.globalPosition) <= limit);
      if (!upTo.length) continue;
      const fold = this.documents.foldOf(def);
      const state = upTo.reduce(fold.evolve, fold.initial());
      if (state.status !== 'existing') continue;
      const d = state.doc;
      documents.push({ documentType: def.name, id, billNo: d.billNo, state: d.state, version: d.version, document: d });
    }
    return { orderId, at: at ?? null, documents };
  }
}
