import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { checkbill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, type LoadInput } from '@tpl/documents';
import { InsideReads } from '../inside/inside.reads';
import { noFacts } from '../inside/rows';
import { actionOf } from '../shared/lines';
import { checkDecisions, itemsOf, type CheckFacts } from './check.decisions';

/**
 * The stock check's IO, in the command's transaction: when it is counted, the accounts and
 * locations of its items and what each row's ledger added after the count's time; when it is
 * posted, the accounts.
 */
@Injectable()
export class CheckDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(InsideReads) private readonly reads: InsideReads,
  ) {}

  onModuleInit() {
    this.registry.register(checkbill, checkDecisions((input) => this.load(input)));
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof checkbill>): Promise<CheckFacts> {
    const action = actionOf(command);
    if (!doc || (action !== 'count' && action !== 'post')) return { ...noFacts(), later: new Map() };
    const owner = doc.customerCode;
    const items = itemsOf(doc);
    const facts = await this.reads.facts(uow, tenantId, { owners: [owner], lines: items });
    // counted at a time the keeper names (a count entered later): the book as of then
    const countedAt = (command.type === 'Act' && command.data.action === 'count' && command.data.fields.countedAt) || undefined;
    const later = action === 'count' ? await this.reads.laterQty(uow, tenantId, owner, items, countedAt) : new Map<number, number>();
    return { ...facts, later };
  }
}
