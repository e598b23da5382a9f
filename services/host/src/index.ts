export * from './host';
export * from './config';
export * from './openapi';
export * from './observability';
export * from './integration';
export { contextMenus } from './contexts';
