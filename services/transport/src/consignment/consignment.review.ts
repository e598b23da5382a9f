import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CONSIGNMENT } from '@tpl/contracts';
import { ReviewRegistry, type ReviewOutcome } from '@tpl/workflow';
import { ConsignmentQueries } from './consignment.queries';
import { ExecuteConsignmentCommand, type ConsignmentCommandResult } from './consignment.handler';
import { STREAM_TYPE } from './consignment.events';

/**
 * The consignment order's plug into document review: how the review process reads it
 * (its fields are the process variables, conditions such as `totals.weg > 10000` read
 * them) and how the review's end reaches it (its review commands, through the command bus).
 */
@Injectable()
export class ConsignmentReview implements OnModuleInit {
  constructor(
    @Inject(ReviewRegistry) private readonly registry: ReviewRegistry,
    @Inject(ConsignmentQueries) private readonly queries: ConsignmentQueries,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  onModuleInit() {
    this.registry.register({
      documentType: CONSIGNMENT,
      submittedEvent: 'ConsignmentSubmittedForReview',
      streamType: STREAM_TYPE,
      describe: async (tenantId, id) => {
        const events = await this.queries.events(tenantId, id);
        const doc = await this.queries.detail(tenantId, id);
        const submitted = [...events].reverse().find((e) => e.type === 'ConsignmentSubmittedForReview');
        const { tenantId: _t, createdBy: _c, updatedBy: _u, ...fields } = doc;
        return { variables: fields, title: `${doc.billNo} ${doc.consignee.name}`, initiator: submitted?.metadata.actor ?? doc.updatedBy };
      },
      approve: (o) => this.send(o, 'ApproveConsignmentReview'),
      reject: (o) => this.send(o, 'RejectConsignmentReview'),
    });
  }

  private async send(o: ReviewOutcome, type: 'ApproveConsignmentReview' | 'RejectConsignmentReview') {
    const data = { id: o.documentId, instanceId: o.instanceId, approver: o.approver, comment: o.comment ?? '' };
    const command = type === 'ApproveConsignmentReview' ? { type, data } : { type, data: { ...data, comment: o.comment ?? '' } };
    await this.commands.execute<ExecuteConsignmentCommand, ConsignmentCommandResult>(
      new ExecuteConsignmentCommand(command, { tenantId: o.tenantId, actor: o.approver, correlationId: `review-${o.instanceId}` }),
    );
  }
}
