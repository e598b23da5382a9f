export * from './common';
export * from './definitions';
export * from './tasks';
export * from './process';
export * from './review';
export * from './leave';
export * from './routes';
