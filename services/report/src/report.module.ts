import { Module } from '@nestjs/common';
import { ReportController } from './report.controller';
import { ReportQueries } from './report.queries';

/** The report context: figures for the dashboard and the home page, read from its own projections. */
@Module({
  controllers: [ReportController],
  providers: [ReportQueries],
})
export class ReportModule {}
