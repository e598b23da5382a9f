import type { ServiceContext } from '@tpl/event-store';
import { ReportModule } from './report.module';
import { consignmentFactsMigrations, consignmentFactsProjection } from './projections/consignment-facts.projection';

/** What the report context brings to the shared store: its migrations and the projections the projector keeps. */
export const reportMigrations = [...consignmentFactsMigrations];
export const reportAsyncProjections = [consignmentFactsProjection];

/** The report context's front door to the host: the dashboard's figures, from its own projection of transport's events. */
export const reportContext: ServiceContext = {
  name: 'report',
  module: () => ReportModule,
  migrations: reportMigrations,
  asyncProjections: reportAsyncProjections,
};
