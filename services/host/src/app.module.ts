import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Storage } from '@tpl/event-store';
import type { DocumentDef } from '@tpl/contracts';
import { StorageModule } from './storage.module';
import { ContextPortsModule } from './ports.module';
import { HealthController, HostLifecycle, MetricsController } from './health.controller';
import { DataRepairController } from './data-repair.controller';
import { CONTEXTS, modulesOf } from './contexts';

@Module({})
export class AppModule {
  static forRoot(storage: Storage, documents?: readonly DocumentDef[]): DynamicModule {
    return {
      module: AppModule,
      // every context's module (contexts.ts), then the ports one declares and another answers
      imports: [StorageModule.forRoot(storage), CqrsModule.forRoot(), ...modulesOf(CONTEXTS, documents ? { documents } : {}), ContextPortsModule],
      controllers: [HealthController, DataRepairController, MetricsController],
      providers: [HostLifecycle],
    };
  }
}
