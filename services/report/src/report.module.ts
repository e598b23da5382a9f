import { Module } from '@nestjs/common';
import { ProjectionsController } from './projections.controller';
import { ReportController } from './report.controller';
import { ReportQueries } from './report.queries';

/** The report context: figures for the dashboard and the home page, read from its own projections; the projector's status and rebuilds. */
@Module({
  controllers: [ReportController, ProjectionsController],
  providers: [ReportQueries],
})
export class ReportModule {}
