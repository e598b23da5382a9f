import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Storage } from '@tpl/event-store';
import { IdentityModule } from '@tpl/identity';
import { TransportModule } from '@tpl/transport';
import { RecordsModule } from '@tpl/records';
import { WorkflowModule } from '@tpl/workflow';
import { ReportModule } from '@tpl/report';
import { StorageModule } from './storage.module';
import { HealthController } from './health.controller';

@Module({})
export class AppModule {
  static forRoot(storage: Storage): DynamicModule {
    return {
      module: AppModule,
      imports: [StorageModule.forRoot(storage), CqrsModule.forRoot(), IdentityModule, WorkflowModule, TransportModule, RecordsModule.forEntities(), ReportModule],
      controllers: [HealthController],
    };
  }
}
