import { Module, type DynamicModule } from '@nestjs/common';
import { entities, type EntityDef } from '@tpl/contracts';
import { recordsControllerFor } from './records.controller';
import { RecordsService } from './records.service';

/** Serves every registered entity through the one framework. */
@Module({})
export class RecordsModule {
  static forEntities(defs: readonly EntityDef[] = entities): DynamicModule {
    return {
      module: RecordsModule,
      controllers: defs.map(recordsControllerFor),
      providers: [RecordsService],
      exports: [RecordsService],
    };
  }
}
