export * from './money';
export * from './charges';
export * from './reports';
