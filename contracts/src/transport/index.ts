export * from './board';
export * from './routes';
