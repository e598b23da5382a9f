import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DB_POOL, EVENT_STORE, PROJECTOR, type Storage } from '@tpl/event-store';

/** The database, the event store and the projector opened once by the host and shared by every context. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(storage: Storage): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: DB_POOL, useValue: storage.db.pool },
        { provide: EVENT_STORE, useValue: storage.store },
        { provide: PROJECTOR, useValue: storage.projector },
      ],
      exports: [DB_POOL, EVENT_STORE, PROJECTOR],
    };
  }
}
