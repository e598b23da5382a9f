export * from './host';
export * from './config';
export * from './openapi';
