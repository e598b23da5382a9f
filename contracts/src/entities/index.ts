export * from './define';
export * from './registry';
export * from './references';
export * from './routes';
export * from './spreadsheet';
export * from './number-repair';
