import { consignmentFactsMigrations, consignmentFactsProjection } from './projections/consignment-facts.projection';

export * from './report.module';
export * from './report.queries';
export { consignmentFactsProjection, factsStatements, FACTS_TABLE } from './projections/consignment-facts.projection';

/** What the report context brings to the shared store: its migrations and the projections the projector keeps. */
export const reportMigrations = [...consignmentFactsMigrations];
export const reportAsyncProjections = [consignmentFactsProjection];
