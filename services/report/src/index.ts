import { consignmentFactsMigrations, consignmentFactsProjection } from './projections/consignment-facts.projection';

export * from './report.module';
export * from './report.queries';
export { consignmentFactsProjection, FACTS_TABLE } from './projections/consignment-facts.projection';

/** What the report context brings to the shared store: its migrations and inline projections. */
export const reportMigrations = [...consignmentFactsMigrations];
export const reportProjections = [consignmentFactsProjection];
