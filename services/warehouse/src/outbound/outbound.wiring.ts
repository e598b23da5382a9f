import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { loadbill, orderosoutstockbill, osnoticedeliverybill, osoutstockbill, ossobill, stocksortingbill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, documentOf, type LoadInput } from '@tpl/documents';
import type { UnitOfWork } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import type { PickingRule } from '../stock/stock.account';
import { StockLedger } from '../stock/stock.ledger';
import { STOCK_STREAM_TABLE } from '../stock/stock.projection';
import { linesOf } from '../shared/lines';
import { givenTime } from '../shared/times';
import { GoodsDefaults } from '../shared/defaults.wiring';
import { Strategies } from '../shared/strategies.wiring';
import { outboundOrderDecisions, readsSalesOrder, type OrderFacts } from './order.decisions';
import { salesOrderDecisions } from '../ossobill/decisions';
import { deliveryNoticeDecisions, readsBill, type NoticeFacts } from '../osnoticedeliverybill/decisions';
import { outboundDecisions, type Held, type OutboundBill, type OutboundFacts } from './outbound.decisions';
import { listedLines, loadDecisions, sortingDecisions, type ListedFacts } from './listed.decisions';

/**
 * The outbound documents' IO, in the command's transaction: the stock accounts, the order
 * by number, the picking rules (the owner's customer strategies, else the materials': master data's port) and what a bill holds frozen
 * (its own ALLOCATE, RELEASE and SHIP lines of the stock stream: the ledger says, no copy).
 */
@Injectable()
export class OutboundDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(StockLedger) private readonly ledger: StockLedger,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
    @Inject(GoodsDefaults) private readonly defaults: GoodsDefaults,
    @Inject(Strategies) private readonly strategies: Strategies,
  ) {}

  onModuleInit() {
    this.registry.register(ossobill, salesOrderDecisions);
    this.registry.register(orderosoutstockbill, { ...outboundOrderDecisions((input) => this.salesOrder(input)), complete: this.defaults.for(orderosoutstockbill) });
    this.registry.register(osnoticedeliverybill, deliveryNoticeDecisions((input) => this.shippedBill(input)));
    this.registry.register(osoutstockbill, { ...outboundDecisions((input) => this.load(input)), complete: this.defaults.for(osoutstockbill) });
    this.registry.register(stocksortingbill, sortingDecisions((input) => this.listed(input)));
    this.registry.register(loadbill, loadDecisions((input) => this.listed(input)));
  }

  /** The sales order an outbound order is made from, by number, when it is confirmed or cancelled. */
  async salesOrder({ tenantId, command, doc, uow }: LoadInput<typeof orderosoutstockbill>): Promise<OrderFacts> {
    if (!doc?.soNo || !readsSalesOrder(command)) return {};
    return { upstream: documentOf(ossobill, await this.documents.byBillNo(ossobill, tenantId, doc.soNo, uow)) };
  }

  /** The outbound bill a delivery notice announces, by number, when it is saved or issued. */
  async shippedBill({ tenantId, command, doc, uow }: LoadInput<typeof osnoticedeliverybill>): Promise<NoticeFacts> {
    if (!readsBill(command)) return {};
    const content = command.type === 'Create' || command.type === 'Change' ? command.data.content : doc;
    const outBillNo = typeof content?.outBillNo === 'string' ? content.outBillNo : '';
    if (!outBillNo) return {};
    const bill = documentOf(osoutstockbill, await this.documents.byBillNo(osoutstockbill, tenantId, outBillNo, uow));
    const others = (await this.documents.byListValue(osnoticedeliverybill, tenantId, 'outBillNo', [outBillNo], ['Cancelled'])).map((r) => r.billNo);
    return { bill, others };
  }

  /** The outbound bills a picking list or load bill names, by number, in the command's transaction. */
  async listed({ tenantId, command, doc, uow }: LoadInput<typeof stocksortingbill> | LoadInput<typeof loadbill>): Promise<ListedFacts> {
    const bills = new Map<string, OutboundBill>();
    if (!doc || command.type !== 'Act') return { bills };
    for (const l of listedLines(doc)) {
      const bill = documentOf(osoutstockbill, await this.documents.byBillNo(osoutstockbill, tenantId, l.osBillNo, uow));
      if (bill) bills.set(l.osBillNo, bill);
    }
    return { bills };
  }

  /** Each material's picking rule: the owner's customer strategy for it in the bill's area, else the material's own. */
  private async rules(tenantId: string, at: { customerCode: string; area: string }, materialCodes: readonly string[], db: UnitOfWork): Promise<Map<string, PickingRule>> {
    const materials = await this.masterData.byCodes(tenantId, 'material', materialCodes, db);
    const governing = await this.strategies.governing(tenantId, 'downshelf', at, materials, db);
    return new Map([...governing].map(([code, g]) => [code, g.rule === 'FEFO' ? 'FEFO' : 'FIFO']));
  }

  private async held(tenantId: string, billId: string, db: UnitOfWork): Promise<Held[]> {
    const rows = await db.query<{ line_no: number; barcode: string; place_code: string; batch_no: string; material_code: string; held: string }>(
      `SELECT line_no, barcode, place_code, batch_no, material_code, sum(dj_qty) AS held
         FROM ${STOCK_STREAM_TABLE}
        WHERE tenant_id = $1 AND doc_id = $2 AND movement IN ('ALLOCATE', 'RELEASE', 'SHIP')
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(dj_qty) > 0 ORDER BY 1, 2, 3, 4`,
      [tenantId, billId],
    );
    return rows.map((r) => ({ lineNumber: r.line_no, key: { barcode: r.barcode, warehousePlaceCode: r.place_code, batchNo: r.batch_no }, materialCode: r.material_code, qty: Number(r.held) }));
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof osoutstockbill>): Promise<OutboundFacts> {
    const facts: OutboundFacts = { accounts: new Map(), rules: new Map(), held: [] };
    if (!doc || command.type !== 'Act') return facts;
    const { action, fields } = command.data;
    const customerCode = doc.customerCode;
    const materials = linesOf(doc).map((l) => l.materialCode);
    const order = async () => (doc.applyNo ? documentOf(orderosoutstockbill, await this.documents.byBillNo(orderosoutstockbill, tenantId, doc.applyNo, uow)) : undefined);
    if (action === 'allocate') {
      facts.accounts = await this.ledger.accounts(uow, tenantId, materials.map((materialCode) => ({ customerCode, materialCode })));
      facts.rules = await this.rules(tenantId, { customerCode, area: doc.warehouseAreaCode }, materials, uow);
      facts.order = await order();
    } else if (action === 'release' || action === 'ship') {
      facts.held = await this.held(tenantId, doc.id, uow);
      facts.accounts = await this.ledger.accounts(uow, tenantId, facts.held.map((h) => ({ customerCode, materialCode: h.materialCode })));
      if (action === 'ship') facts.order = await order();
    }
    // a back-dated allocation or shipment: the ledger's lines after it, for the wall of every instant since
    const at = action === 'allocate' ? givenTime(fields, 'allocatedAt') : action === 'ship' ? givenTime(fields, 'shippedAt') : undefined;
    if (at) await this.ledger.withLater(uow, tenantId, facts.accounts, at);
    return facts;
  }
}
