import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { isinstockbill, mailbill, osoutstockbill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, type LoadInput } from '@tpl/documents';
import { mailDecisions, readsRelated, type MailFacts } from './mail.decisions';

/** The mail bill's IO: the inbound or outbound bill it names, by number, in the command's transaction, when it is saved. */
@Injectable()
export class MailDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
  ) {}

  onModuleInit() {
    this.registry.register(mailbill, mailDecisions((input) => this.load(input)));
  }

  async load({ tenantId, command, uow }: LoadInput<typeof mailbill>): Promise<MailFacts> {
    if (!readsRelated(command) || (command.type !== 'Create' && command.type !== 'Change')) return {};
    const content = command.data.content;
    const [def, billNo] = content.inBillNo ? [isinstockbill, String(content.inBillNo)] : [osoutstockbill, String(content.outBillNo ?? '')];
    if (!billNo) return {};
    const bill = await this.documents.byBillNo(def, tenantId, billNo, uow);
    return bill ? { related: { billNo: bill.billNo, customerCode: String((bill as { customerCode?: unknown }).customerCode ?? '') } } : {};
  }
}
