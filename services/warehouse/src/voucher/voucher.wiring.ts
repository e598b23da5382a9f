import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { voucherbill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, documentOf, type LoadInput } from '@tpl/documents';
import type { UnitOfWork } from '@tpl/event-store';
import { InsideReads } from '../inside/inside.reads';
import { noFacts, rowLinesOf, submittedContent } from '../inside/rows';
import { actionOf } from '../shared/lines';
import { voucherDecisions, type Voucher, type VoucherFacts } from './voucher.decisions';

/**
 * The voucher's IO, in the command's transaction: when a reversing voucher is saved, the voucher
 * it reverses; when one is posted, that voucher too, the accounts its lines touch, its locations
 * and target, and the areas up to their warehouse.
 */
@Injectable()
export class VoucherDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(InsideReads) private readonly reads: InsideReads,
  ) {}

  onModuleInit() {
    this.registry.register(voucherbill, voucherDecisions((input) => this.load(input)));
  }

  private async original(tenantId: string, content: Record<string, unknown>, uow: UnitOfWork): Promise<Voucher | undefined> {
    const billNo = content.sourceVoucherBillNo;
    if (typeof billNo !== 'string' || !billNo) return undefined;
    return documentOf(voucherbill, await this.documents.byBillNo(voucherbill, tenantId, billNo, uow));
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof voucherbill>): Promise<VoucherFacts> {
    const content = submittedContent(command);
    if (content) return { ...noFacts(), original: await this.original(tenantId, content, uow) };
    if (!doc || actionOf(command) !== 'post') return noFacts();
    const lines = rowLinesOf(doc);
    const facts = await this.reads.facts(uow, tenantId, {
      owners: [doc.customerCode],
      lines,
      places: typeof doc.targetWarehousePlaceCode === 'string' ? [doc.targetWarehousePlaceCode] : [],
      areas: [doc.warehouseAreaCode],
    });
    return { ...facts, original: await this.original(tenantId, doc, uow) };
  }
}
