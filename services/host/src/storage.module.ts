import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CACHE_CHANNEL, DB_POOL, EVENT_STORE, LEASES, METRICS, PROJECTOR, type Storage } from '@tpl/event-store';

/** The database, the event store and the projector opened once by the host and shared by every context. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(storage: Storage): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: DB_POOL, useValue: storage.db.pool },
        { provide: EVENT_STORE, useValue: storage.events },
        { provide: PROJECTOR, useValue: storage.projector },
        { provide: LEASES, useValue: storage.leases },
        { provide: METRICS, useValue: storage.metrics },
        { provide: CACHE_CHANNEL, useValue: storage.channel },
      ],
      exports: [DB_POOL, EVENT_STORE, PROJECTOR, LEASES, METRICS, CACHE_CHANNEL],
    };
  }
}
