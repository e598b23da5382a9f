import { Controller, Get, Inject, Injectable, Query, type OnModuleInit } from '@nestjs/common';
import { allocatebill, ok, parseOrThrow, transitOf, warehouseAllocateRoutes as R, type ReceivePlanView } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, documentOf, type LoadInput } from '@tpl/documents';
import type { Pool } from 'pg';
import { DB_POOL } from '@tpl/event-store';
import { Meta, ROW_SCOPES, type RequestMeta, type RowScopes } from '@tpl/identity';
import { InboundDecisions } from '../inbound/inbound.wiring';
import { InsideReads } from '../inside/inside.reads';
import { STOCK_TABLE } from '../stock/stock.projection';
import { noFacts, rowLinesOf, type InsideFacts } from '../inside/rows';
import { allocateDecisions, inTransitOf, type AllocateBill, type AllocateReceipt } from './allocate.decisions';
import { assertUserSees } from '../shared/visible';

/**
 * The allocate bill's IO, in the command's transaction: when saved, its two areas up to their
 * warehouses; when confirmed, shipped, received or cancelled, the owner's accounts its lines
 * touch, the bins a receipt names and the areas up to their warehouses.
 */
@Injectable()
export class AllocateDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(InsideReads) private readonly reads: InsideReads,
    @Inject(InboundDecisions) private readonly inbound: InboundDecisions,
    @Inject(DB_POOL) private readonly pool: Pool,
  ) {}

  onModuleInit() {
    this.registry.register(allocatebill, allocateDecisions((input) => this.load(input)));
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof allocatebill>): Promise<InsideFacts> {
    if (command.type === 'Create' || command.type === 'Change') {
      const c = command.data.content;
      return this.reads.facts(uow, tenantId, { owners: [], lines: [], areas: [c.warehouseAreaCode, c.targetWarehouseAreaCode].filter((a): a is string => typeof a === 'string') });
    }
    if (!doc || command.type !== 'Act') return noFacts();
    const receipts = command.data.action === 'receive' ? (((command.data.fields as { placements?: AllocateReceipt[] }).placements ?? []) as AllocateReceipt[]) : [];
    return this.reads.facts(uow, tenantId, {
      owners: [doc.customerCode],
      lines: rowLinesOf(doc),
      places: receipts.map((r) => r.targetPlaceCode),
      areas: [doc.warehouseAreaCode, doc.targetWarehouseAreaCode],
    });
  }

  /** Where what is still in transit should go: the put-away plan over the to area's bins (the keeper may change every one). */
  async suggest(tenantId: string, doc: AllocateBill): Promise<ReceivePlanView> {
    // the pieces' volume as their rows in transit keep it (capacity is weighed by it)
    const { rows } = await this.pool.query<{ material_code: string; barcode: string; batch_no: string; unit_volume: string }>(
      `SELECT material_code, barcode, batch_no, unit_volume FROM ${STOCK_TABLE} WHERE tenant_id = $1 AND customer_code = $2 AND place_code = $3`,
      [tenantId, doc.customerCode, transitOf(doc.billNo)],
    );
    const volumeOf = (l: { materialCode: string; barcode: string; batchNo?: string | undefined }) =>
      Number(rows.find((r) => r.material_code === l.materialCode && r.barcode === l.barcode && r.batch_no === (l.batchNo ?? ''))?.unit_volume ?? 0);
    const lines = rowLinesOf(doc)
      .filter((l) => inTransitOf(l) > 0)
      .map((l) => ({ lineNumber: l.lineNumber, materialCode: l.materialCode, batchNo: l.batchNo ?? '', qty: inTransitOf(l), unitVolume: volumeOf(l) }));
    const plan = await this.inbound.plan(tenantId, { customerCode: doc.customerCode, area: doc.targetWarehouseAreaCode, lines });
    return { placements: plan.placements.map((p) => ({ lineNumber: p.lineNumber, targetPlaceCode: p.warehousePlaceCode, qty: p.qty })), unplaced: plan.unplaced };
  }
}

/** GET /api/bl-warehouse/allocatebill/receiveSuggestions?id=: the receipt dialog starts from it. */
@Controller()
export class AllocateController {
  constructor(
    @Inject(AllocateDecisions) private readonly allocate: AllocateDecisions,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
  ) {}

  @Get(R.receiveSuggestions.path)
  async suggestions(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { id } = parseOrThrow(R.receiveSuggestions.query!, query, allocatebill.name) as { id: string };
    const tenantId = meta.user.tenantId;
    await assertUserSees(this.documents, this.scopes, meta.user, allocatebill, [id]);
    return ok(await this.allocate.suggest(tenantId, documentOf(allocatebill, await this.documents.detail(allocatebill, tenantId, id))));
  }
}
