export * from './dashboard';
export * from './routes';
export * from './projections';
