import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  AppError,
  BillingDecimal,
  MONTH_BILL_STAGES,
  baccount,
  dec,
  money,
  moneyNumber,
  monthbill,
  type ChargeItem,
  type ChargeKind,
  type Dec,
  type ExplainFact,
  type ExplainQuery,
  type ExplainResult,
  type GenerateResult,
  type DocumentOf,
} from '@tpl/contracts';
import { DB_POOL, PROJECTOR, type Projector } from '@tpl/event-store';
import { DocumentCommands, DocumentNotFound, DocumentService, documentOf, type DocumentContext } from '@tpl/documents';
import { businessDay, type OwnerScope, type RowScope } from '@tpl/identity';
import { BILLING_PROJECTION } from '../charges/billing.projection';
import { difference, isZero, monthEnd, monthStart, previousMonth, priceMonth, type Components, type PricedItem, type PricedMonth } from '../charges/pricing';
import { CHARGE_ITEMS, MONTH_BILLS, isSecondBillOfMonth } from './bills.projection';
import { agreementsKnown, areaPaths, rulesKnown, compareCutoffs, factsOn, maxCutoff, otherCharges, packUses, parseCutoff, stockFacts, zeroFigureLines, type Cutoff, type FactRow } from './month-facts';
import { unbillableLine } from './unbillable';

/** A bill as billing's index knows it. */
type BillRow = { id: string; bill_no: string; customer_code: string; month: string; state: string; version: number; cutoff: string; priced_through: string | null; amount_due: string; paid_amount: string };

/** States in which a bill is issued: generate leaves it as it is and late facts of its month go to the next open bill. */
export const OPEN_STATE = monthbill.lifecycle.initial;
const isIssued = (b: Pick<BillRow, 'state'>) => b.state !== OPEN_STATE;

/** An earlier issued month corrected on a bill: its month, the knowledge points, the component differences and the items behind them. */
/** A month bill, as the kit folds it. */
type MonthBill = DocumentOf<typeof monthbill>;
type Adjustment = { month: string; from: string; to: string; diff: Components; items: PricedItem[] };

/** A customer's month priced at a knowledge point: the month's own charges and the corrections of earlier issued months. */
export type PricedBill = { month: string; customerCode: string; cutoff: string; through: string; priced: PricedMonth; adjustments: Adjustment[]; carriedOwing: Dec };

const round = (d: Dec, scale: number) => d.toDecimalPlaces(scale, BillingDecimal.ROUND_HALF_UP).toNumber();
/** The carry-over's id follows from the closed bill's (made once, whoever generates first). */
export const carryOverId = (billId: string) => {
  const h = createHash('sha1').update(`baccount:${billId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
};
const itemKey = (i: PricedItem) => `${i.kind}|${i.day ?? ''}|${i.areaCode ?? ''}|${i.document?.documentId ?? ''}|${i.pack ? `${i.pack.eventId}#${i.pack.lineIdx}` : ''}`;

/**
 * The month bills: generated from billing's projections, priced by the pure engine
 * (charges/pricing.ts), written as monthbill documents through the kit (so every bill has its
 * events, history, machine and review), explained item by item and reproduced from zero.
 */
@Injectable()
export class MonthBills {
  /** the generation under way per tenant (the next one waits for it) */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(PROJECTOR) private readonly projector: Projector,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(DocumentCommands) private readonly commands: DocumentCommands,
  ) {}

  /** Brings billing's projection up to the store's head; the cursor it reached is the knowledge point. */
  async catchUp(): Promise<string> {
    // until the head (a run under way when asked may have started before the newest commit)
    await this.projector.catchUp(BILLING_PROJECTION);
    // the last billing event applied: generating again when nothing billed happened meanwhile prices at the same point
    return this.projector.appliedCursor(BILLING_PROJECTION);
  }

  private async bills(tenantId: string, customers: readonly string[] | null): Promise<BillRow[]> {
    const params: unknown[] = [tenantId];
    let who = '';
    if (customers) {
      params.push(customers);
      who = 'AND customer_code = ANY($2::text[])';
    }
    const { rows } = await this.pool.query<BillRow>(
      `SELECT id, bill_no, customer_code, month, state, version, cutoff, priced_through, amount_due, paid_amount FROM ${MONTH_BILLS}
        WHERE tenant_id = $1 AND NOT removed ${who} ORDER BY customer_code, month, bill_no`,
      params,
    );
    return rows;
  }

  /**
   * The last day priced: the month's last day once it is over, else today (a running month is
   * priced on the stock as it stands at the knowledge point; it is generated again until checked).
   */
  static through(month: string, today: string): string {
    const end = monthEnd(month);
    return end < today ? end : today;
  }

  /** Prices the months of several customers at one knowledge point (one pass of SQL for all of them). */
  private async priceMany(tenantId: string, customers: readonly string[] | null, month: string, through: string, stockCut: Cutoff, agreementCut: Cutoff) {
    const from = monthStart(month);
    // the rules, as the agreements, as known at the month's own knowledge point (a late correction never reprices by a later rule)
    const [stock, agreements, others, paths, rules, packs] = await Promise.all([
      stockFacts(this.pool, tenantId, customers, from, through < from ? from : through, stockCut),
      agreementsKnown(this.pool, tenantId, agreementCut),
      otherCharges(this.pool, tenantId, customers, from, monthEnd(month), stockCut),
      areaPaths(this.pool, tenantId, agreementCut),
      rulesKnown(this.pool, tenantId, agreementCut),
      // packing materials used up to the last day priced (as handling: a day is billed once it has come)
      packUses(this.pool, tenantId, customers, from, through < from ? from : through, stockCut),
    ]);
    const end = monthEnd(month);
    const price = (customer: string): PricedMonth =>
      priceMonth({
        month,
        customerCode: customer,
        through,
        areas: (stock.get(customer) ?? []).map((a) => ({ ...a, path: paths(a.areaCode) })),
        agreements: agreements.get(customer) ?? [],
        others: others.get(customer) ?? [],
        packs: (packs.get(customer) ?? []).map((p) => ({ ...p, path: paths(p.areaCode) })),
        rules,
      });
    // who has anything this month: stock (carried in or moved), an agreement in force, an other charge
    const customersWithFacts = new Set([
      ...stock.keys(),
      ...others.keys(),
      ...packs.keys(),
      ...[...agreements].filter(([, list]) => list.some((a) => a.startDate <= end && a.endDate >= from)).map(([c]) => c),
    ]);
    return Object.assign(price, { customers: customersWithFacts });
  }

  /**
   * The corrections an open bill of `month` carries: for every earlier month of the customer
   * whose bill is issued, what pricing it now (facts known at `cutoff`, its own agreements and
   * days) adds to what was accounted for it (its bill, and the corrections later bills carried).
   */
  private async adjustments(tenantId: string, customer: string, month: string, cutoff: string, bills: BillRow[]): Promise<Adjustment[]> {
    const earlier = bills.filter((b) => b.customer_code === customer && b.month < month && isIssued(b) && b.cutoff !== '0');
    const out: Adjustment[] = [];
    for (const b of earlier) {
      const accounted = maxCutoff(b.cutoff, ...earlier.filter((o) => o.month > b.month).map((o) => o.cutoff));
      if (compareCutoffs(accounted, cutoff) >= 0) continue;
      const through = b.priced_through ?? monthEnd(b.month);
      const late = await this.pool.query(
        `SELECT 1 FROM bl_stock_lines WHERE tenant_id = $1 AND customer_code = $2 AND day >= $3::date AND day <= $4::date AND (tx, pos) > ($5::bigint, $6::bigint) AND (tx, pos) <= ($7::bigint, $8::bigint)
         UNION ALL SELECT 1 FROM bl_other_events WHERE tenant_id = $1 AND (tx, pos) > ($5::bigint, $6::bigint) AND (tx, pos) <= ($7::bigint, $8::bigint)
         UNION ALL SELECT 1 FROM bl_pack_lines WHERE tenant_id = $1 AND day >= $3::date AND day <= $4::date AND (tx, pos) > ($5::bigint, $6::bigint) AND (tx, pos) <= ($7::bigint, $8::bigint) LIMIT 1`,
        [tenantId, customer, monthStart(b.month), through, parseCutoff(accounted).tx, parseCutoff(accounted).pos, parseCutoff(cutoff).tx, parseCutoff(cutoff).pos],
      );
      if (!late.rows.length) continue;
      const adj = await this.adjustment(tenantId, customer, b, accounted, cutoff);
      if (!isZero(adj.diff)) out.push(adj);
    }
    return out;
  }

  /** One issued month priced with the facts known at `to` against those known at `from`, with its own agreements and days (never repriced by a later agreement change). */
  private async adjustment(tenantId: string, customer: string, b: Pick<BillRow, 'month' | 'cutoff' | 'priced_through'>, from: string, to: string): Promise<Adjustment> {
    const through = b.priced_through ?? monthEnd(b.month);
    const now = (await this.priceMany(tenantId, [customer], b.month, through, parseCutoff(to), parseCutoff(b.cutoff)))(customer);
    const then = (await this.priceMany(tenantId, [customer], b.month, through, parseCutoff(from), parseCutoff(b.cutoff)))(customer);
    const diff = difference(now.totals, then.totals);
    const before = new Map(then.items.map((i) => [itemKey(i), i]));
    const items: PricedItem[] = [];
    for (const i of now.items) {
      const was = before.get(itemKey(i));
      before.delete(itemKey(i));
      const amount = money(i.amount.minus(was?.amount ?? 0));
      if (!amount.isZero() || !was) items.push({ ...i, amount, quantity: i.quantity.minus(was?.quantity ?? 0), qty: i.qty.minus(was?.qty ?? 0), weight: i.weight.minus(was?.weight ?? 0) });
    }
    for (const was of before.values()) items.push({ ...was, amount: money(was.amount.negated()), quantity: was.quantity.negated(), qty: was.qty.negated(), weight: was.weight.negated() });
    return { month: b.month, from, to, diff, items };
  }

  /**
   * What the previous month's closed bill left unpaid, carried to this one: its fee carry-over
   * (baccount) is made once (its id follows from the bill's) and carries while it stands
   * (written off or settled: nothing).
   */
  private async carried(ctx: DocumentContext, customer: string, month: string, bills: BillRow[]): Promise<Dec> {
    const prev = bills.find((b) => b.customer_code === customer && b.month === previousMonth(month) && b.state === 'Closed');
    if (!prev) return dec(0);
    // an unpaid rest, or a credit (paid beyond what was due: negative), is carried
    const owing = money(dec(prev.amount_due).minus(prev.paid_amount));
    if (owing.isZero()) return dec(0);
    const id = carryOverId(prev.id);
    const existing = await this.documents.detail(baccount, ctx.tenantId, id).catch((e: unknown) => {
      if (e instanceof DocumentNotFound) return undefined;
      throw e;
    });
    if (!existing) {
      await this.commands.create(baccount, ctx, { customerCode: customer, billDate: monthStart(month), fromMonth: prev.month, toMonth: month, fromBillNo: prev.bill_no, fromBillId: prev.id, owing: moneyNumber(owing) }, id);
      return owing;
    }
    return existing.state === baccount.lifecycle.initial && !existing.removed ? money(dec(existing.owing as number)) : dec(0);
  }

  /** The bill's content (header and details) from a priced month. */
  static content(bill: PricedBill): Record<string, unknown> {
    const { priced } = bill;
    const details: Record<string, unknown>[] = [];
    let n = 0;
    for (const a of priced.areas) {
      const amount = money(a.inCost.plus(a.outCost).plus(a.storageCost));
      const line: Record<string, unknown> = {
        lineNumber: ++n,
        lineType: 'AREA',
        ...(a.areaCode ? { warehouseAreaCode: a.areaCode } : {}),
        ...(a.agreementCode ? { agreementCode: a.agreementCode } : {}),
        ...(a.basis ? { basis: a.basis } : {}),
        inQty: round(a.inQty, 3),
        inWeight: round(a.inWeight, 3),
        outQty: round(a.outQty, 3),
        outWeight: round(a.outWeight, 3),
        storageQty: round(a.storageQty, 3),
        storageWeight: round(a.storageWeight, 3),
        balanceQty: round(a.balanceQty, 3),
        balanceWeight: round(a.balanceWeight, 3),
        inCost: moneyNumber(a.inCost),
        outCost: moneyNumber(a.outCost),
        storageCost: moneyNumber(a.storageCost),
        otherCost: 0,
        packageCost: 0,
        amount: moneyNumber(amount),
      };
      for (const k of MONTH_BILL_STAGES) {
        const s = a.stages[k - 1]!;
        line[`stage${k}Price`] = round(s.price, 4);
        line[`stage${k}Weight`] = round(s.weight, 3);
        line[`stage${k}Qty`] = s.qty;
      }
      details.push(line);
    }
    if (!priced.totals.otherCost.isZero() || priced.items.some((i) => i.kind === 'OTHER')) {
      details.push({ lineNumber: ++n, lineType: 'OTHER', inCost: 0, outCost: 0, storageCost: 0, otherCost: moneyNumber(priced.totals.otherCost), packageCost: 0, amount: moneyNumber(priced.totals.otherCost) });
    }
    // the packing materials used on the owner's shipments and repacks: one line, its items each a material of a document
    if (priced.items.some((i) => i.kind === 'PACKAGE')) {
      details.push({ lineNumber: ++n, lineType: 'PACKAGE', inCost: 0, outCost: 0, storageCost: 0, otherCost: 0, packageCost: moneyNumber(priced.totals.packageCost), amount: moneyNumber(priced.totals.packageCost) });
    }
    let totals = priced.totals as Components;
    for (const adj of bill.adjustments) {
      const amount = money(adj.diff.inCost.plus(adj.diff.outCost).plus(adj.diff.storageCost).plus(adj.diff.otherCost).plus(adj.diff.packageCost));
      details.push({
        lineNumber: ++n,
        lineType: 'ADJUST',
        adjustMonth: adj.month,
        adjustFrom: adj.from,
        adjustTo: adj.to,
        inCost: moneyNumber(adj.diff.inCost),
        outCost: moneyNumber(adj.diff.outCost),
        storageCost: moneyNumber(adj.diff.storageCost),
        otherCost: moneyNumber(adj.diff.otherCost),
        packageCost: moneyNumber(adj.diff.packageCost),
        amount: moneyNumber(amount),
      });
      totals = {
        inCost: totals.inCost.plus(adj.diff.inCost),
        outCost: totals.outCost.plus(adj.diff.outCost),
        storageCost: totals.storageCost.plus(adj.diff.storageCost),
        otherCost: totals.otherCost.plus(adj.diff.otherCost),
        packageCost: totals.packageCost.plus(adj.diff.packageCost),
      };
    }
    const totalCost = money(totals.inCost.plus(totals.outCost).plus(totals.storageCost).plus(totals.otherCost).plus(totals.packageCost));
    return {
      month: bill.month,
      customerCode: bill.customerCode,
      billDate: monthEnd(bill.month),
      type: '1',
      typeDesc: bill.month,
      inStockCoolieCost: moneyNumber(totals.inCost),
      outStockCoolieCost: moneyNumber(totals.outCost),
      storageCost: moneyNumber(totals.storageCost),
      otherCost: moneyNumber(totals.otherCost),
      packageCost: moneyNumber(totals.packageCost),
      totalCost: moneyNumber(totalCost),
      carriedOwing: moneyNumber(bill.carriedOwing),
      amountDue: moneyNumber(totalCost.plus(bill.carriedOwing)),
      // a bill generated or brought up to date has no payment yet (payments come once it is invoiced): all of it is owing
      paidAmount: 0,
      owingAmount: moneyNumber(totalCost.plus(bill.carriedOwing)),
      cutoff: bill.cutoff,
      pricedThrough: bill.through,
      details,
    };
  }

  /**
   * POST generate: every customer's bill of the month (or one customer's), made or brought up to
   * date while still Generated. One generation per tenant at a time in this host (queued), so two
   * finance users pressing at once never make two bills of one customer and month. (A database
   * session lock would hold the embedded store's only connection.)
   */
  async generate(ctx: DocumentContext, month: string, customerCode: string | undefined, now = new Date()): Promise<GenerateResult> {
    const today = businessDay(now);
    if (monthStart(month) > today) throw new AppError(400, 'billing.validation.futureMonth', { month }, { label: 'monthbill.fields.month' });
    const before = this.running.get(ctx.tenantId) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(() => this.generateLocked(ctx, month, customerCode, today));
    const settled = mine.then(() => undefined, () => undefined);
    this.running.set(ctx.tenantId, settled);
    try {
      return await mine;
    } finally {
      if (this.running.get(ctx.tenantId) === settled) this.running.delete(ctx.tenantId);
    }
  }

  private async generateLocked(ctx: DocumentContext, month: string, customerCode: string | undefined, today: string): Promise<GenerateResult> {
    const cutoff = await this.catchUp();
    const cut = parseCutoff(cutoff);
    const through = MonthBills.through(month, today);
    const bills = await this.bills(ctx.tenantId, customerCode ? [customerCode] : null);
    const priceOf = await this.priceMany(ctx.tenantId, customerCode ? [customerCode] : null, month, through, cut, cut);
    // besides those with facts: a bill of the month to bring up to date, an unpaid rest of last month to carry
    const customers = customerCode
      ? [customerCode]
      : [...new Set([...priceOf.customers, ...bills.filter((b) => b.month === month || (b.month === previousMonth(month) && b.state === 'Closed')).map((b) => b.customer_code)])].sort();
    // nothing is written while any bill of the run would price a line without its weight or volume as 0
    await this.assertBillable(ctx.tenantId, customers.filter((c) => !bills.some((b) => b.customer_code === c && b.month === month && isIssued(b))), month, through, cut);
    const result: GenerateResult = { month, generated: [], kept: [] };
    for (const customer of customers) {
      const existing = bills.find((b) => b.customer_code === customer && b.month === month);
      if (existing && isIssued(existing)) {
        result.kept.push({ id: existing.id, billNo: existing.bill_no, customerCode: customer, state: existing.state });
        continue;
      }
      const priced = priceOf(customer);
      const bill: PricedBill = { month, customerCode: customer, cutoff, through, priced, adjustments: await this.adjustments(ctx.tenantId, customer, month, cutoff, bills), carriedOwing: await this.carried(ctx, customer, month, bills) };
      // a customer with nothing at all this month gets no bill (one with an agreement in force gets one, even at zero)
      const hasAgreement = priced.areas.some((a) => a.agreementCode) || priceOf.customers.has(customer);
      if (!existing && !priced.items.length && !bill.adjustments.length && !hasAgreement && bill.carriedOwing.isZero()) continue;
      const content = MonthBills.content(bill);
      const r = existing ? await this.commands.change(monthbill, ctx, existing.id, existing.version, content) : await this.createBill(ctx, content, customer, month);
      if (!existing || r.version !== existing.version) await this.storeItems(ctx.tenantId, r.id, cutoff, MonthBills.itemsOf(bill, content.details as Record<string, unknown>[]));
      result.generated.push({ id: r.id, billNo: r.billNo, customerCode: customer, totalCost: content.totalCost as number, created: !existing });
    }
    return result;
  }

  /** Refuses (409 naming the line, its document and the figure) when a customer's month has a line unbillable by its agreement's basis. */
  private async assertBillable(tenantId: string, customers: readonly string[], month: string, through: string, cut: Cutoff) {
    if (!customers.length || through < monthStart(month)) return;
    const [zero, agreements, paths] = await Promise.all([
      zeroFigureLines(this.pool, tenantId, customers, monthStart(month), through, cut),
      agreementsKnown(this.pool, tenantId, cut),
      areaPaths(this.pool, tenantId, cut),
    ]);
    for (const customer of customers) {
      const found = unbillableLine(zero.filter((l) => l.customer_code === customer), agreements.get(customer) ?? [], paths, month, through);
      if (!found) continue;
      const { line, figure } = found;
      throw new AppError(
        409,
        'billing.errors.unbillable',
        { customerCode: customer, month, billNo: line.bill_no, line: line.line_no ?? '', materialCode: line.material_code },
        { document: `${line.doc_type}.title`, figure: `billing.figures.${figure}` },
      );
    }
  }

  /** A new bill; another host making the same customer's bill of the month at that moment wins (409, nothing written here). */
  private async createBill(ctx: DocumentContext, content: Record<string, unknown>, customerCode: string, month: string) {
    try {
      return await this.commands.create(monthbill, ctx, content, randomUUID());
    } catch (err) {
      if (isSecondBillOfMonth(err)) throw new AppError(409, 'billing.errors.generatedElsewhere', { customerCode, month });
      throw err;
    }
  }

  private async visibleBill(tenantId: string, id: string, rows: RowScope, owners: OwnerScope): Promise<MonthBill> {
    await this.documents.assertVisible(monthbill, tenantId, [id], rows, owners);
    const doc = documentOf(monthbill, await this.documents.detail(monthbill, tenantId, id));
    if (doc.removed) throw new AppError(404, 'billing.errors.billNotFound', { id });
    return doc;
  }

  /**
   * The bill priced again from zero at the knowledge point it records: its month from the facts
   * known then, and each late correction it carried from the two knowledge points it names.
   */
  async regenerate(tenantId: string, doc: MonthBill): Promise<PricedBill> {
    const cutoff = doc.cutoff ?? '0';
    if (cutoff === '0') throw new AppError(409, 'billing.errors.cutoffMissing');
    const month = doc.month;
    const customer = doc.customerCode;
    const through = doc.pricedThrough ?? monthEnd(month);
    const priced = (await this.priceMany(tenantId, [customer], month, through, parseCutoff(cutoff), parseCutoff(cutoff)))(customer);
    const all = await this.bills(tenantId, [customer]);
    const adjustments: Adjustment[] = [];
    for (const d of doc.details ?? []) {
      if (d.lineType !== 'ADJUST') continue;
      const b = all.find((x) => x.month === d.adjustMonth && isIssued(x));
      if (!b) continue;
      adjustments.push(await this.adjustment(tenantId, customer, b, String(d.adjustFrom), String(d.adjustTo)));
    }
    return { month, customerCode: customer, cutoff, through, priced, adjustments, carriedOwing: dec(doc.carriedOwing ?? 0) };
  }

  /** GET reproduce: regenerated from zero and compared with the bill, to the cent. */
  async reproduce(tenantId: string, id: string, rows: RowScope, owners: OwnerScope) {
    const doc = await this.visibleBill(tenantId, id, rows, owners);
    const again = MonthBills.content(await this.regenerate(tenantId, doc));
    const keys = ['inStockCoolieCost', 'outStockCoolieCost', 'storageCost', 'otherCost', 'packageCost', 'totalCost'];
    const issued = Object.fromEntries(keys.map((k) => [k, Number(doc[k] ?? 0)]));
    const regenerated = Object.fromEntries(keys.map((k) => [k, Number(again[k] ?? 0)]));
    const lines = (d: unknown) => JSON.stringify(((d as Record<string, unknown>[] | undefined) ?? []).map((l) => [l.lineType, l.warehouseAreaCode ?? null, l.adjustMonth ?? null, l.amount]));
    const equal = keys.every((k) => issued[k] === regenerated[k]) && lines(doc.details) === lines(again.details);
    return { billId: id, equal, issued, regenerated };
  }

  /**
   * The charge items of a bill, each on its detail line, with the knowledge window its facts
   * are read in (the bill's cutoff; a late correction's from / to).
   */
  static itemsOf(bill: PricedBill, details: Record<string, unknown>[]): PricedLineItem[] {
    const out: PricedLineItem[] = [];
    for (const d of details) {
      const line = Number(d.lineNumber);
      if (d.lineType === 'AREA') {
        const area = (d.warehouseAreaCode as string | undefined) ?? null;
        for (const i of bill.priced.items) if (i.kind !== 'OTHER' && i.kind !== 'PACKAGE' && i.areaCode === area) out.push({ ...chargeOf(i, line, bill.month, false), to: bill.cutoff, from: null, document: null });
      } else if (d.lineType === 'OTHER') {
        for (const i of bill.priced.items) if (i.kind === 'OTHER') out.push({ ...chargeOf(i, line, bill.month, false), to: bill.cutoff, from: null, document: i.document ?? null });
      } else if (d.lineType === 'PACKAGE') {
        for (const i of bill.priced.items) if (i.kind === 'PACKAGE') out.push({ ...chargeOf(i, line, bill.month, false), to: bill.cutoff, from: null, document: packDocument(i) });
      } else if (d.lineType === 'ADJUST') {
        const adj = bill.adjustments.find((x) => x.month === d.adjustMonth);
        for (const i of adj?.items ?? []) out.push({ ...chargeOf(i, line, adj!.month, true), to: adj!.to, from: adj!.from, document: i.kind === 'PACKAGE' ? packDocument(i) : (i.document ?? null) });
      }
    }
    return out;
  }

  /** Keeps a bill version's items (what explain reads): the pricing it was issued with, checked by reproduce. */
  private async storeItems(tenantId: string, billId: string, cutoff: string, items: PricedLineItem[]) {
    await this.pool.query(`DELETE FROM ${CHARGE_ITEMS} WHERE tenant_id = $1 AND bill_id = $2 AND cutoff <> $3`, [tenantId, billId, cutoff]);
    await this.pool.query(
      `INSERT INTO ${CHARGE_ITEMS} (tenant_id, bill_id, cutoff, seq, line, kind, day, item)
       SELECT $1, $2, $3, r.ordinality, (r.value->>'line')::int, r.value->>'kind', (r.value->>'day')::date, r.value
         FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY r
       ON CONFLICT DO NOTHING`,
      [tenantId, billId, cutoff, JSON.stringify(items)],
    );
  }

  private async storedItems(tenantId: string, billId: string, cutoff: string, q: ExplainQuery): Promise<PricedLineItem[] | undefined> {
    const params: unknown[] = [tenantId, billId, cutoff];
    const where = ['tenant_id = $1', 'bill_id = $2', 'cutoff = $3'];
    if (q.line !== undefined) where.push(`line = $${params.push(q.line)}`);
    if (q.kind) where.push(`kind = $${params.push(q.kind)}`);
    if (q.day) where.push(`day = $${params.push(q.day)}::date`);
    const { rows } = await this.pool.query<{ item: PricedLineItem }>(`SELECT item FROM ${CHARGE_ITEMS} WHERE ${where.join(' AND ')} ORDER BY seq`, params);
    if (rows.length) return rows.map((r) => r.item);
    // nothing matched: none asked for, or none kept for this pricing yet
    const { rows: any } = await this.pool.query(`SELECT 1 FROM ${CHARGE_ITEMS} WHERE tenant_id = $1 AND bill_id = $2 AND cutoff = $3 LIMIT 1`, [tenantId, billId, cutoff]);
    return any.length ? [] : undefined;
  }

  /** GET explain: the charge items of a bill (a line, a component, a day), each with the facts behind it. */
  async explain(tenantId: string, q: ExplainQuery, rows: RowScope, owners: OwnerScope): Promise<ExplainResult> {
    await this.documents.assertVisible(monthbill, tenantId, [q.id], rows, owners);
    // the bill as billing's index knows it (no fold of its stream on the hot path)
    const { rows: found } = await this.pool.query<BillRow>(
      `SELECT id, bill_no, customer_code, month, state, version, cutoff, priced_through, amount_due, paid_amount FROM ${MONTH_BILLS} WHERE tenant_id = $1 AND id = $2 AND NOT removed`,
      [tenantId, q.id],
    );
    const bill = found[0];
    if (!bill) throw new AppError(404, 'billing.errors.billNotFound', { id: q.id });
    let chosen = await this.storedItems(tenantId, bill.id, bill.cutoff, q);
    if (!chosen) {
      // a bill priced before its items were kept: priced again at its cutoff, and kept
      const doc = await this.visibleBill(tenantId, q.id, rows, owners);
      const all = MonthBills.itemsOf(await this.regenerate(tenantId, doc), doc.details ?? []);
      // priced again at it: regenerate refused a bill without one
      await this.storeItems(tenantId, doc.id, doc.cutoff, all);
      chosen = all.filter((i) => (q.line === undefined || i.line === q.line) && (!q.kind || i.kind === q.kind) && (!q.day || i.day === q.day));
    }
    const customer = bill.customer_code;
    // the stream lines behind the items, one read per knowledge window
    const windows = new Map<string, PricedLineItem[]>();
    for (const i of chosen) if (i.kind !== 'OTHER' && i.kind !== 'PACKAGE' && i.day) windows.set(`${i.from ?? ''}|${i.to}`, [...(windows.get(`${i.from ?? ''}|${i.to}`) ?? []), i]);
    const facts = new Map<PricedLineItem, FactRow[]>();
    for (const list of windows.values()) {
      const { from, to } = list[0]!;
      const found = await factsOn(this.pool, tenantId, customer, [...new Set(list.map((i) => i.day!))], parseCutoff(to), from ? parseCutoff(from) : undefined);
      for (const i of list) facts.set(i, found.filter((f) => f.day === i.day && (f.area_code ?? null) === i.warehouseAreaCode && relevant(i.kind, f)));
    }
    const items: ChargeItem[] = chosen.map((c) => {
      const { from: _from, to: _to, document, ...i } = c;
      return { ...i, facts: document ? [i.kind === 'PACKAGE' ? packFact(document) : documentFact(document)] : (facts.get(c) ?? []).map(streamFact) };
    });
    return {
      billId: bill.id,
      billNo: bill.bill_no,
      month: bill.month,
      customerCode: customer,
      cutoff: bill.cutoff,
      items,
      amount: moneyNumber(items.reduce((s, i) => s.plus(i.amount), dec(0))),
    };
  }
}

/** A charge item on its line, with the window its facts are read in. */
export type PricedLineItem = Omit<ChargeItem, 'facts'> & {
  from: string | null;
  to: string;
  /** the document behind an other charge, or the ship or pack step behind a package material charge (its event, line, material and quantity) */
  document: { documentType: string; documentId: string; billNo: string; billDate: string; amount: unknown; eventId?: string; lineIdx?: number; materialCode?: string; qty?: number } | null;
};

/** The step behind a package material charge, as its item keeps it. */
const packDocument = (i: PricedItem): PricedLineItem['document'] =>
  i.document
    ? { ...i.document, amount: String(i.amount), eventId: i.pack?.eventId ?? '', lineIdx: i.pack?.lineIdx ?? 0, materialCode: i.materialCode ?? '', qty: round(i.qty, 3) }
    : null;

const chargeOf = (i: PricedItem, line: number, month: string, adjustment: boolean): Omit<ChargeItem, 'facts'> => ({
  kind: i.kind,
  line,
  month,
  day: i.day,
  warehouseAreaCode: i.areaCode,
  basis: i.basis,
  quantity: round(i.quantity, 6),
  qty: round(i.qty, 3),
  weight: round(i.weight, 6),
  stage: i.stage,
  price: round(i.price, 4),
  amount: moneyNumber(i.amount),
  agreementCode: i.agreementCode,
  agreementVersion: i.agreementVersion,
  adjustment,
  ...(i.materialCode ? { materialCode: i.materialCode } : {}),
});

const documentFact = (d: NonNullable<PricedLineItem['document']>): ExplainFact => ({
  documentType: d.documentType,
  documentId: d.documentId,
  billNo: d.billNo,
  lineNumber: null,
  eventId: '',
  movement: 'DOCUMENT',
  materialCode: null,
  effectiveAt: d.billDate,
  qty: 1,
  weight: 0,
  amount: moneyNumber(String(d.amount)),
});

/** A package material charge's fact: the shipment or package, the material and how many were used. */
const packFact = (d: NonNullable<PricedLineItem['document']>): ExplainFact => ({
  documentType: d.documentType,
  documentId: d.documentId,
  billNo: d.billNo,
  lineNumber: d.lineIdx === undefined ? null : d.lineIdx + 1,
  eventId: d.eventId ?? '',
  movement: 'PACKING',
  materialCode: d.materialCode ?? null,
  effectiveAt: d.billDate,
  qty: d.qty ?? 0,
  weight: 0,
  amount: moneyNumber(String(d.amount)),
});

const streamFact = (f: FactRow): ExplainFact => ({
  documentType: f.doc_type,
  documentId: f.doc_id,
  billNo: f.bill_no,
  lineNumber: f.line_no,
  eventId: f.event_id,
  movement: f.movement,
  materialCode: f.material_code,
  effectiveAt: new Date(f.effective_at).toISOString(),
  qty: Number(f.qty),
  weight: round(dec(f.weight), 6),
});

/** Which stream lines a charge item stands on: a day's storage on every movement of the day, handling on its flagged lines. */
const relevant = (kind: ChargeKind, f: FactRow) => {
  if (kind === 'INBOUND') return f.instock === 1 && f.is_cost === 1 && Number(f.qty) > 0;
  if (kind === 'OUTBOUND') return f.outstock === 1 && f.is_cost === 1 && Number(f.qty) < 0;
  return true;
};

