import { Global, Module, type DynamicModule } from '@nestjs/common';
import { entities, type EntityDef } from '@tpl/contracts';
import { dictionaryControllerFor, passwordResetControllerFor, recordsControllerFor } from './records.controller';
import { RecordsSpreadsheets } from './records.xlsx';
import { CategoryStatusJob } from './category-status.job';
import { AttachmentsController } from './attachments.controller';
import { SerialCodes } from './serial-codes';
import { MenuAccess, MenusController } from './menus.controller';
import { ACCOUNT_RECORDS, BUTTON_PERMISSIONS } from '@tpl/identity';
import { RecordsAccountPort } from './account-records.adapter';
import { RecordsService } from './records.service';

/** Serves every registered entity through the one framework. */
@Global()
@Module({})
export class RecordsModule {
  static forEntities(defs: readonly EntityDef[] = entities): DynamicModule {
    return {
      module: RecordsModule,
      controllers: [
        AttachmentsController,
        MenusController,
        ...defs.filter((d) => d.passwordOnCreate?.length).map(passwordResetControllerFor),
        ...defs.filter((d) => d.name === 'dict').map(dictionaryControllerFor),
        ...defs.map(recordsControllerFor),
      ],
      providers: [RecordsService, RecordsSpreadsheets, CategoryStatusJob, SerialCodes, MenuAccess, { provide: BUTTON_PERMISSIONS, useExisting: MenuAccess }, { provide: ACCOUNT_RECORDS, useClass: RecordsAccountPort }],
      exports: [RecordsService, CategoryStatusJob, SerialCodes, MenuAccess, BUTTON_PERMISSIONS, ACCOUNT_RECORDS],
    };
  }
}
