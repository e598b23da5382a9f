export * from './production.module';
export * from './production.context';
export * from './task/task.decisions';
export * from './bom/bom.decisions';
export * from './bom/request.decisions';
export { genealogyProjection, genealogyStatements, LOT_RECEIPTS, LOT_SOURCES } from './genealogy/genealogy.projection';
