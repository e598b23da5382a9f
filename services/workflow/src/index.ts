import { flowMigrations } from './projections/flow.migrations';
import { instanceProjection } from './projections/instance.projection';
import { definitionProjection } from './projections/definition.projection';

export * from './review/review.port';
export * from './workflow.module';
export * from './flow-context';
export * from './definition/definition.service';
export * from './instance/instance.service';
export * from './review/review.manager';
export { ReviewConfigService } from './review/review-config.service';
export * from './timer.poller';
export * from './flow.seed';
export { FLOW_INBOX, FlowQueries, type FlowInbox } from './flow.queries';
export { instanceProjection, definitionProjection };

/** What the workflow context brings to the shared store: its migrations and inline projections. */
export const workflowMigrations = [...flowMigrations];
export const workflowProjections = [definitionProjection, instanceProjection];
