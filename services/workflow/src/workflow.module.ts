import { Global, Module } from '@nestjs/common';
import { DefinitionService } from './definition/definition.service';
import { InstanceService } from './instance/instance.service';
import { FLOW_INBOX, FlowQueries } from './flow.queries';
import { FlowController } from './flow.controller';
import { FlowClock } from './flow-context';
import { ReviewRegistry } from './review/review.port';
import { ReviewConfigService } from './review/review-config.service';
import { ReviewProcessManager } from './review/review.manager';
import { TimerPoller } from './timer.poller';
import { LeaveService } from './leave/leave.service';
import { FlowSeeder } from './flow.seed';
import { ProcessWalls } from './process-wall';

/**
 * The workflow context. Global: it answers the document kit's review ports, which the host
 * binds to its review registry (REVIEW_REGISTRY: documents plug in) and its review
 * configuration (REVIEW_POLICY: isReview when a document is made); report asks FLOW_INBOX.
 * Its review process manager is an EventBus handler: the buses are the host's (CqrsModule.forRoot,
 * global), one CommandBus and one EventBus for every context.
 */
@Global()
@Module({
  controllers: [FlowController],
  providers: [
    FlowClock,
    DefinitionService,
    InstanceService,
    FlowQueries,
    { provide: FLOW_INBOX, useExisting: FlowQueries },
    ReviewRegistry,
    ReviewConfigService,
    ReviewProcessManager,
    TimerPoller,
    LeaveService,
    FlowSeeder,
    ProcessWalls,
  ],
  exports: [FlowQueries, FLOW_INBOX, ReviewRegistry, ReviewConfigService, FlowClock, InstanceService, DefinitionService, ReviewProcessManager, TimerPoller, FlowSeeder],
})
export class WorkflowModule {}
