import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { diversecustomertransferbill, warehousetransferbill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, type LoadInput } from '@tpl/documents';
import { InsideReads } from '../inside/inside.reads';
import { noFacts, rowLinesOf, type InsideFacts } from '../inside/rows';
import { ownerTransferDecisions, transferDecisions } from './transfer.decisions';

/**
 * The transfers' IO: when one is confirmed, the accounts its lines touch (the owner's; for an
 * owner transfer the receiving owner's too), its locations and target locations, and the areas
 * up to their warehouse, all in the command's transaction.
 */
@Injectable()
export class TransferDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(InsideReads) private readonly reads: InsideReads,
  ) {}

  onModuleInit() {
    this.registry.register(warehousetransferbill, transferDecisions((input) => this.load(input)));
    this.registry.register(diversecustomertransferbill, ownerTransferDecisions((input) => this.load(input)));
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof warehousetransferbill> | LoadInput<typeof diversecustomertransferbill>): Promise<InsideFacts> {
    if (!doc || command.type !== 'Act' || command.data.action !== 'confirm') return noFacts();
    const lines = rowLinesOf(doc);
    return this.reads.facts(uow, tenantId, {
      // the receiving owner's account too, for an owner transfer (a warehouse transfer has none)
      owners: [doc.customerCode, typeof doc.targetCustomerCode === 'string' ? doc.targetCustomerCode : ''],
      lines,
      places: lines.map((l) => String(l.targetWarehousePlaceCode ?? '')),
      areas: [doc.warehouseAreaCode],
    });
  }
}
