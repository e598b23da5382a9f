import { Controller, Get, Inject, Injectable, Query, type OnModuleInit } from '@nestjs/common';
import { dockOf, isinstockbill, isrecbill, ok, orderisinstockbill, purchaseapplybill, parseOrThrow, warehouseInboundRoutes as R } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, documentOf, type LoadInput } from '@tpl/documents';
import type { Pool } from 'pg';
import { DB_POOL, type UnitOfWork } from '@tpl/event-store';
import { Meta, ROW_SCOPES, type RequestMeta, type RowScopes } from '@tpl/identity';
import { MASTER_DATA, type MasterData, type MasterRecord } from '@tpl/masterdata';
import { StockLedger } from '../stock/stock.ledger';
import { STOCK_TABLE } from '../stock/stock.projection';
import { bookedInboundDecisions, purchaseApplyDecisions, type BookingFacts } from '../purchaseapplybill/decisions';
import { receiptBillDecisions } from '../isrecbill/decisions';
import { readsUpstream } from '../shared/upstream';
import { planPutAway, type PlaceInfo, type PlaceLoad, type PutAwayPlan, type ShelvingRule } from './putaway';
import { receiptDecisions, type InboundBill, type ReceiptFacts } from './receipt.decisions';
import { linesOf, unitVolumeOf } from '../shared/lines';
import { givenTime } from '../shared/times';
import { GoodsDefaults } from '../shared/defaults.wiring';
import { Strategies } from '../shared/strategies.wiring';
import { assertUserSees } from '../shared/visible';

const num = (v: unknown): number | undefined => (v === undefined || v === null || v === '' ? undefined : Number(v));
export const placeInfo = (r: MasterRecord): PlaceInfo => ({
  code: r.code,
  warehouseAreaCode: String(r.data.warehouseAreaCode ?? ''),
  customerCode: typeof r.data.customerCode === 'string' && r.data.customerCode ? r.data.customerCode : undefined,
  invalid: Number(r.data.invalid ?? 0) === 1,
  volume: num(r.data.volume),
  maxVolume: num(r.data.maxVolume),
  capacityRatio: num(r.data.capacityRatio),
  coordinateX: num(r.data.coordinateX),
  coordinateY: num(r.data.coordinateY),
});

/**
 * The inbound documents' IO: what their pure decisions need, read in the command's
 * transaction (stock accounts, the booking) or through master data's port (places,
 * materials, strategies), and the put-away suggestion read.
 */
@Injectable()
export class InboundDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(StockLedger) private readonly ledger: StockLedger,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(GoodsDefaults) private readonly defaults: GoodsDefaults,
    @Inject(Strategies) private readonly strategies: Strategies,
  ) {}

  onModuleInit() {
    this.registry.register(purchaseapplybill, purchaseApplyDecisions);
    this.registry.register(orderisinstockbill, { ...bookedInboundDecisions((input) => this.purchaseApply(input)), complete: this.defaults.for(orderisinstockbill) });
    this.registry.register(isrecbill, receiptBillDecisions);
    this.registry.register(isinstockbill, { ...receiptDecisions((input) => this.load(input)), complete: this.defaults.for(isinstockbill) });
  }

  private async places(tenantId: string, codes: readonly string[], db: UnitOfWork): Promise<Map<string, PlaceInfo>> {
    const found = await this.masterData.byCodes(tenantId, 'warehouseplace', codes, db);
    return new Map([...found].map(([code, r]) => [code, placeInfo(r)]));
  }

  /** The area and every area below it (a warehouse and its zones): where its goods may be placed. */
  async areasFrom(tenantId: string, area: string, db?: UnitOfWork): Promise<Set<string>> {
    const out = new Set([area]);
    let level = [area];
    // a tree a few levels deep (warehouse > zone > aisle): one read per level
    while (level.length) {
      const next: string[] = [];
      for (const code of level) for (const child of await this.masterData.where(tenantId, 'warehousearea', { parentCode: code }, 2000, db)) if (!out.has(child.code)) next.push(child.code);
      for (const c of next) out.add(c);
      level = next;
    }
    return out;
  }

  /** The purchase apply a booked inbound is made from, by number, when it is confirmed or cancelled. */
  async purchaseApply({ tenantId, command, doc, uow }: LoadInput<typeof orderisinstockbill>): Promise<BookingFacts> {
    if (!doc?.applyNo || !readsUpstream(command)) return {};
    return { upstream: documentOf(purchaseapplybill, await this.documents.byBillNo(purchaseapplybill, tenantId, doc.applyNo, uow)) };
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof isinstockbill>): Promise<ReceiptFacts> {
    const facts: ReceiptFacts = { accounts: new Map(), places: new Map() };
    if (!doc || command.type !== 'Act') return facts;
    const lines = linesOf(doc);
    const customerCode = doc.customerCode;
    if (command.data.action === 'receive') {
      facts.accounts = await this.ledger.accounts(uow, tenantId, lines.map((l) => ({ customerCode, materialCode: l.materialCode })));
      if (doc.applyNo) facts.booking = documentOf(orderisinstockbill, await this.documents.byBillNo(orderisinstockbill, tenantId, doc.applyNo, uow));
      if (doc.recNo) facts.receipt = documentOf(isrecbill, await this.documents.byBillNo(isrecbill, tenantId, doc.recNo, uow));
      facts.places = await this.places(tenantId, lines.map((l) => l.warehousePlaceCode).filter((c): c is string => typeof c === 'string' && c !== ''), uow);
      facts.areas = await this.areasFrom(tenantId, doc.warehouseAreaCode, uow);
    } else if (command.data.action === 'putAway') {
      const { fields } = command.data;
      const placements = fields.placements ?? [];
      const materials = placements.map((p) => lines.find((l) => l.lineNumber === p.lineNumber)?.materialCode).filter((m): m is string => !!m);
      facts.accounts = await this.ledger.accounts(uow, tenantId, materials.map((materialCode) => ({ customerCode, materialCode })));
      const at = givenTime(fields, 'putAwayAt');
      if (at) await this.ledger.withLater(uow, tenantId, facts.accounts, at);
      facts.places = await this.places(tenantId, placements.map((p) => p.warehousePlaceCode), uow);
      facts.areas = await this.areasFrom(tenantId, doc.warehouseAreaCode, uow);
    }
    return facts;
  }

  /** Where the bill's goods still at the dock should go (`plan`, over the bill's area and the areas below it). */
  async suggest(tenantId: string, doc: InboundBill): Promise<PutAwayPlan & { dock: string }> {
    const lines = linesOf(doc)
      .filter((l) => Number(l.putAwayQty ?? 0) < l.qty)
      .map((l) => ({ lineNumber: l.lineNumber, materialCode: l.materialCode, batchNo: l.batchNo ?? '', qty: l.qty - Number(l.putAwayQty ?? 0), unitVolume: unitVolumeOf(l) }));
    const plan = await this.plan(tenantId, { customerCode: doc.customerCode, area: doc.warehouseAreaCode, lines });
    return { ...plan, dock: dockOf(doc.warehouseAreaCode) };
  }

  /**
   * Where an owner's goods arriving in an area should go (an inbound bill's at the dock, an
   * allocate bill's in transit): each line's governing put-away strategy (the owner's customer
   * strategy, else the material's) and its mixing rules, over the places of the area and of the
   * areas below it, and what they hold now.
   */
  async plan(tenantId: string, o: { customerCode: string; area: string; lines: readonly { lineNumber: number; materialCode: string; batchNo: string; qty: number; unitVolume: number }[] }): Promise<PutAwayPlan> {
    const { area, lines } = o;
    // the area's places and those of the areas below it (goods at a warehouse's dock go to its zones)
    const areas = [...(await this.areasFrom(tenantId, area))];
    const [places, materials, held] = await Promise.all([
      Promise.all(areas.map((a) => this.masterData.where(tenantId, 'warehouseplace', { warehouseAreaCode: a }))).then((all) => all.flat()),
      this.masterData.byCodes(tenantId, 'material', lines.map((l) => l.materialCode)),
      this.pool
        .query<{ place_code: string; customer_code: string; material_code: string; batch_no: string; used: string }>(
          `SELECT place_code, customer_code, material_code, batch_no, sum(qty * unit_volume) AS used
             FROM ${STOCK_TABLE} WHERE tenant_id = $1 AND area_code = ANY($2::text[]) AND qty > 0 GROUP BY 1, 2, 3, 4`,
          [tenantId, areas],
        )
        .then((r) => r.rows),
    ]);
    const governing = await this.strategies.governing(tenantId, 'upshelf', { customerCode: o.customerCode, area }, materials);
    const loads = new Map<string, PlaceLoad>();
    for (const h of held) {
      const load = loads.get(h.place_code) ?? { used: 0, holds: new Set<string>() };
      load.used += Number(h.used);
      load.holds.add(`${h.customer_code}~${h.material_code}~${h.batch_no}`);
      loads.set(h.place_code, load);
    }
    return planPutAway(
      lines.map((l) => {
        const strategy = governing.get(l.materialCode);
        return {
          ...l,
          customerCode: o.customerCode,
          rule: strategy?.rule as ShelvingRule | undefined,
          mixBatch: strategy?.mixBatch,
          mixMaterial: strategy?.mixMaterial,
        };
      }),
      places.map(placeInfo),
      loads,
    );
  }
}

/** GET /api/bl-warehouse/isinstockbill/putawaySuggestions?id=: the put-away form starts from it; the keeper may change every place. */
@Controller()
export class InboundController {
  constructor(
    @Inject(InboundDecisions) private readonly inbound: InboundDecisions,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
  ) {}

  @Get(R.putAwaySuggestions.path)
  async suggestions(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { id } = parseOrThrow(R.putAwaySuggestions.query!, query, isinstockbill.name) as { id: string };
    const tenantId = meta.user.tenantId;
    await assertUserSees(this.documents, this.scopes, meta.user, isinstockbill, [id]);
    return ok(await this.inbound.suggest(tenantId, documentOf(isinstockbill, await this.documents.detail(isinstockbill, tenantId, id))));
  }
}
