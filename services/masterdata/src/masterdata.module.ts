import { Global, Module, type DynamicModule } from '@nestjs/common';
import { entities, type EntityDef } from '@tpl/contracts';
import { RecordsGate, lookupControllerFor, passwordResetControllerFor, domainLoginControllerFor, recordsControllerFor } from './engine/records.controller';
import { RecordsSpreadsheets } from './engine/records.xlsx';
import { RecordsService } from './engine/records.service';
import { RecordReferences } from './engine/reference-check';
import { ENTITY_HOOKS, EntityHooksRegistry } from './engine/entity-hooks';
import { RECORDS } from './engine/records.port';
import { MASTER_DATA, RecordsMasterData } from './engine/master-data';
import { CategoryStatusJob } from './entities/category-status.job';
import { AttachmentsController } from './entities/attachments.controller';
import { SerialCodes, SyscodeHooks } from './entities/syscode';
import { RecordsAccountPort } from './entities/account-records.adapter';
import { SysenumController } from './entities/sysenum';
import { MESSAGE_WORDING, MessageCatalogue, MessageCatalogueHooks } from './entities/errormsginfo';
import { MaterialInbox, MaterialSync, MaterialSyncController } from './entities/material-sync';

/**
 * Serves every registered entity through the one engine, with the behaviour of particular
 * entities beside it (entities/: serial codes, the message catalogue, the category job, attachments, the user
 * records identity's AccountRecords port writes). Exports its own ports (RECORDS,
 * ENTITY_HOOKS, MASTER_DATA) and the classes the host binds other contexts' ports to
 * (RecordsAccountPort for identity's ACCOUNT_RECORDS; RecordReferences and SerialCodes for
 * the document kit's REFERENCE_CHECK and SERIAL_CODES).
 */
@Global()
@Module({})
export class MasterdataModule {
  static forEntities(defs: readonly EntityDef[] = entities): DynamicModule {
    return {
      module: MasterdataModule,
      controllers: [
        AttachmentsController,
        SysenumController,
        MaterialSyncController,
        ...defs.filter((d) => d.passwordOnCreate?.length).map(passwordResetControllerFor),
        ...defs.filter((d) => d.domainLogin).map(domainLoginControllerFor),
        ...defs.filter((d) => d.lookup).map(lookupControllerFor),
        ...defs.map(recordsControllerFor),
      ],
      providers: [
        EntityHooksRegistry,
        { provide: ENTITY_HOOKS, useExisting: EntityHooksRegistry },
        RecordsService,
        { provide: RECORDS, useExisting: RecordsService },
        RecordsSpreadsheets,
        RecordsGate,
        RecordReferences,
        { provide: MASTER_DATA, useClass: RecordsMasterData },
        SerialCodes,
        SyscodeHooks,
        MessageCatalogue,
        { provide: MESSAGE_WORDING, useExisting: MessageCatalogue },
        MessageCatalogueHooks,
        CategoryStatusJob,
        RecordsAccountPort,
        MaterialInbox,
        MaterialSync,
      ],
      exports: [MaterialInbox, RecordsService, RECORDS, RecordsGate, ENTITY_HOOKS, MASTER_DATA, CategoryStatusJob, RecordsAccountPort, RecordReferences, SerialCodes, MessageCatalogue, MESSAGE_WORDING],
    };
  }
}
