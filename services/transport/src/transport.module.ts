import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ConsignmentController } from './consignment/consignment.controller';
import { ConsignmentQueries } from './consignment/consignment.queries';
import { ConsignmentReview } from './consignment/consignment.review';
import { ConsignmentCommandHandler, CreateConsignmentDraftHandler, RemoveConsignmentsHandler } from './consignment/consignment.handler';

@Module({
  imports: [CqrsModule],
  controllers: [ConsignmentController],
  providers: [ConsignmentQueries, ConsignmentReview, CreateConsignmentDraftHandler, ConsignmentCommandHandler, RemoveConsignmentsHandler],
})
export class TransportModule {}
