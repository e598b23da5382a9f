export * from './stock';
export * from './units';
export * from './routes';
export * from './reports';
