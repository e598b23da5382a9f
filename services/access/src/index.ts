export * from './access';
export * from './data-scope';
export * from './menus.controller';
export * from './access.module';
export * from './access.seed';
export * from './access.context';
