export * from './port';
export * from './sql';
export * from './migrations';
export * from './database';
export * from './serial';
export * from './postgres-event-store';
export * from './open';
export * from './tokens';
