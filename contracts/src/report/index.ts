export * from './dashboard';
export * from './routes';
