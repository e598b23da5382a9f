import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Storage } from '@tpl/event-store';
import type { DocumentDef } from '@tpl/contracts';
import { IdentityModule } from '@tpl/identity';
import { TransportModule } from '@tpl/transport';
import { BillingModule } from '@tpl/billing';
import { MasterdataModule } from '@tpl/masterdata';
import { WorkflowModule } from '@tpl/workflow';
import { ReportModule } from '@tpl/report';
import { DocumentsModule } from '@tpl/documents';
import { WarehouseModule } from '@tpl/warehouse';
import { StorageModule } from './storage.module';
import { ContextPortsModule } from './ports.module';
import { HealthController, HostLifecycle, MetricsController } from './health.controller';
import { DataRepairController } from './data-repair.controller';

@Module({})
export class AppModule {
  static forRoot(storage: Storage, documents?: readonly DocumentDef[]): DynamicModule {
    return {
      module: AppModule,
      imports: [StorageModule.forRoot(storage), CqrsModule.forRoot(), IdentityModule, WorkflowModule, MasterdataModule.forEntities(), ContextPortsModule, DocumentsModule.forRoot(documents ? { documents } : {}), WarehouseModule, TransportModule, BillingModule, ReportModule],
      controllers: [HealthController, DataRepairController, MetricsController],
      providers: [HostLifecycle],
    };
  }
}
