import { consignmentListMigrations, consignmentListProjection } from './consignment/projections/list.projection';

export * from './transport.module';
export * from './consignment/consignment.decider';
export * from './consignment/consignment.events';
export * from './consignment/consignment.handler';
export { consignmentListProjection, consignmentListMigrations, LIST_TABLE } from './consignment/projections/list.projection';

/** What the transport context brings to the shared store: its migrations and inline projections. */
export const transportMigrations = [...consignmentListMigrations];
export const transportProjections = [consignmentListProjection];
export * from './consignment/consignment.samples';
export * from './consignment/consignment.seed';
