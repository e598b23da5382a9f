import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DefinitionService } from './definition/definition.service';
import { InstanceService } from './instance/instance.service';
import { FLOW_INBOX, FlowQueries } from './flow.queries';
import { FlowController } from './flow.controller';
import { FlowClock } from './flow-context';
import { REVIEW_POLICY, REVIEW_REGISTRY, ReviewRegistry } from './review/review.port';
import { ReviewConfigService } from './review/review-config.service';
import { ReviewProcessManager } from './review/review.manager';
import { TimerPoller } from './timer.poller';
import { LeaveService } from './leave/leave.service';
import { FlowSeeder } from './flow.seed';
import { ProcessWalls } from './process-wall';

/**
 * The workflow context. Global: document contexts inject the review registry (to plug in)
 * and the review policy (to decide isReview when they make a document).
 */
@Global()
@Module({
  imports: [CqrsModule],
  controllers: [FlowController],
  providers: [
    FlowClock,
    DefinitionService,
    InstanceService,
    FlowQueries,
    { provide: FLOW_INBOX, useExisting: FlowQueries },
    ReviewRegistry,
    { provide: REVIEW_REGISTRY, useExisting: ReviewRegistry },
    ReviewConfigService,
    { provide: REVIEW_POLICY, useExisting: ReviewConfigService },
    ReviewProcessManager,
    TimerPoller,
    LeaveService,
    FlowSeeder,
    ProcessWalls,
  ],
  exports: [FlowQueries, FLOW_INBOX, ReviewRegistry, REVIEW_REGISTRY, REVIEW_POLICY, FlowClock, InstanceService, DefinitionService, ReviewProcessManager, TimerPoller, FlowSeeder],
})
export class WorkflowModule {}
