import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { secbombill, secondaryprocess } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, type LoadInput } from '@tpl/documents';
import { bomDecisions } from './bom.decisions';
import { requestDecisions, type RequestFacts } from './request.decisions';

/** The BOM's and the processing request's decisions, registered with the kit; a request reads the BOM it names by its number. */
@Injectable()
export class BomDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
  ) {}

  onModuleInit() {
    this.registry.register(secbombill, bomDecisions);
    this.registry.register(secondaryprocess, requestDecisions((input) => this.load(input)));
  }

  async load({ tenantId, command, uow }: LoadInput<typeof secondaryprocess>): Promise<RequestFacts> {
    if (command.type !== 'Create' && command.type !== 'Change') return {};
    const bomNo = command.data.content.bomNo;
    return { bom: typeof bomNo === 'string' && bomNo ? await this.documents.byBillNo(secbombill, tenantId, bomNo, uow) : undefined };
  }
}
