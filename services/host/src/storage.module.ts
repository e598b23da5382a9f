import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DB_POOL, EVENT_STORE, type Storage } from '@tpl/event-store';

/** The database and event store opened once by the host and shared by every context. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(storage: Storage): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: DB_POOL, useValue: storage.db.pool },
        { provide: EVENT_STORE, useValue: storage.store },
      ],
      exports: [DB_POOL, EVENT_STORE],
    };
  }
}
