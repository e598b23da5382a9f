import { Global, Module, type DynamicModule } from '@nestjs/common';
import { entities, type EntityDef } from '@tpl/contracts';
import { RecordsGate, dictionaryControllerFor, passwordResetControllerFor, recordsControllerFor } from './records.controller';
import { RecordsSpreadsheets } from './records.xlsx';
import { CategoryStatusJob } from './category-status.job';
import { AttachmentsController } from './attachments.controller';
import { SerialCodes } from './serial-codes';
import { MenusController } from './menus.controller';
import { ACCESS_RULES, ACCOUNT_RECORDS } from '@tpl/identity';
import { RecordsAccountPort } from './account-records.adapter';
import { Access } from './access';
import { RecordsService } from './records.service';
import { REFERENCE_CHECK, RecordReferences } from './reference-check';
import { MASTER_DATA, RecordsMasterData } from './master-data';

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
      providers: [RecordsService, RecordsSpreadsheets, RecordsGate, CategoryStatusJob, SerialCodes, Access, RecordReferences, { provide: REFERENCE_CHECK, useExisting: RecordReferences }, { provide: MASTER_DATA, useClass: RecordsMasterData }, { provide: ACCESS_RULES, useExisting: Access }, { provide: ACCOUNT_RECORDS, useClass: RecordsAccountPort }],
      exports: [RecordsService, RecordsGate, CategoryStatusJob, SerialCodes, Access, REFERENCE_CHECK, MASTER_DATA, ACCESS_RULES, ACCOUNT_RECORDS],
    };
  }
}
