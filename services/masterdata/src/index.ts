// the engine: generic over every entity description, naming none
export * from './engine/records.migrations';
export * from './engine/record.events';
export * from './engine/record.decider';
export * from './engine/records.projection';
export * from './engine/records.port';
export * from './engine/records.service';
export * from './engine/records.controller';
export * from './engine/records.xlsx';
export * from './engine/reference-check';
export * from './engine/master-data';
export * from './engine/entity-hooks';
// particular entities: their hooks, jobs, routes and ports
export * from './entities/syscode';
export * from './entities/errormsginfo';
export * from './entities/sysenum';
export * from './entities/category-status.job';
export * from './entities/attachments.controller';
export * from './entities/file-store';
export * from './entities/account-records.adapter';
export * from './entities/material-sync';
export * from './entities/material-sync.mapping';
export * from './masterdata.module';
export * from './seed';
export * from './masterdata.context';
