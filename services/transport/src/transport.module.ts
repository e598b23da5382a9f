import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ConsignmentController } from './consignment/consignment.controller';
import { ConsignmentQueries } from './consignment/consignment.queries';
import { ConsignmentCommandHandler, CreateConsignmentDraftHandler, RemoveConsignmentsHandler } from './consignment/consignment.handler';

@Module({
  imports: [CqrsModule],
  controllers: [ConsignmentController],
  providers: [ConsignmentQueries, CreateConsignmentDraftHandler, ConsignmentCommandHandler, RemoveConsignmentsHandler],
})
export class TransportModule {}
