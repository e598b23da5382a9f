export * from './report.module';
export * from './report.queries';
export { consignmentFactsProjection, factsStatements, FACTS_TABLE } from './projections/consignment-facts.projection';
export * from './report.context';
