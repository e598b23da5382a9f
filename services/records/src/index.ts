export * from './records.migrations';
export * from './record.events';
export * from './record.decider';
export * from './records.projection';
export * from './records.service';
export * from './records.controller';
export * from './records.module';
export * from './records.seed';
