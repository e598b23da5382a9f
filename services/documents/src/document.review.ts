import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { KIT_FACTS, eventTypeOf, type DocumentDef, type ProcessVariables } from '@tpl/contracts';
import { valueAt } from './document.fold';
import { DocumentCommands } from './document.commands';
import { DocumentService } from './document.service';
import { DOCUMENT_DEFS } from './documents.tokens';
import { REVIEW_REGISTRY, type ReviewOutcome, type ReviewRegistration } from './ports';

/**
 * Every document type that can be reviewed plugs into the review port (the kit's
 * REVIEW_REGISTRY, answered by the workflow context): its fields are the process variables
 * (conditions such as `totals.weg > 10000` read them), the inbox shows its bill number, and
 * the review's end reaches it as the kit's review commands. Nothing here is written per
 * document type.
 */
@Injectable()
export class DocumentReviewPlugs implements OnModuleInit {
  constructor(
    @Inject(REVIEW_REGISTRY) private readonly registry: ReviewRegistration,
    @Inject(DocumentService) private readonly service: DocumentService,
    @Inject(DocumentCommands) private readonly commands: DocumentCommands,
    @Inject(DOCUMENT_DEFS) private readonly defs: readonly DocumentDef[],
  ) {}

  onModuleInit() {
    for (const def of this.defs.filter((d) => d.review)) {
      const submittedEvent = eventTypeOf(def, KIT_FACTS.submittedForReview);
      this.registry.register({
        documentType: def.name,
        submittedEvent,
        streamType: def.streamType,
        describe: async (tenantId, id) => {
          const events = await this.service.events(def, tenantId, id);
          const doc = await this.service.detail(def, tenantId, id);
          const submitted = [...events].reverse().find((e) => e.type === submittedEvent);
          const { tenantId: _t, createdBy: _c, updatedBy: _u, ...fields } = doc;
          const extra = def.review?.titleField ? valueAt(doc, def.review.titleField) : undefined;
          const customer = valueAt(doc, 'customerCode');
          return {
            variables: fields as ProcessVariables,
            title: extra ? `${doc.billNo} ${String(extra)}` : doc.billNo,
            initiator: submitted?.metadata.actor ?? doc.updatedBy,
            // the document list's own scope columns (document.list.ts): its process shows to whoever may see it
            scope: { customerCode: typeof customer === 'string' && customer ? customer : null, createdBy: doc.createdBy.userId, createdDept: doc.createdBy.deptId ?? null },
          };
        },
        approve: (o) => this.send(def, o, true),
        reject: (o) => this.send(def, o, false),
      });
    }
  }

  private async send(def: DocumentDef, o: ReviewOutcome, approved: boolean) {
    await this.commands.reviewOutcome(
      def,
      { tenantId: o.tenantId, actor: o.approver, correlationId: `review-${o.instanceId}`, causationId: o.causationId ?? `review-${o.instanceId}` },
      { id: o.documentId, instanceId: o.instanceId, approver: o.approver, comment: o.comment, approved },
    );
  }
}
