import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { inventorylossbill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, type LoadInput } from '@tpl/documents';
import { InsideReads } from '../inside/inside.reads';
import { noFacts, rowLinesOf, type InsideFacts } from '../inside/rows';
import { actionOf } from '../shared/lines';
import { lossDecisions } from './loss.decisions';

/** The inventory loss's IO: when it is audited or posted, the accounts its lines touch, in the command's transaction. */
@Injectable()
export class LossDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(InsideReads) private readonly reads: InsideReads,
  ) {}

  onModuleInit() {
    this.registry.register(inventorylossbill, lossDecisions((input) => this.load(input)));
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof inventorylossbill>): Promise<InsideFacts> {
    const action = actionOf(command);
    if (!doc || (action !== 'audit' && action !== 'post')) return noFacts();
    return this.reads.facts(uow, tenantId, { owners: [doc.customerCode], lines: rowLinesOf(doc) });
  }
}
