export * from './outbox';
export * from './relay';
export * from './kafka';
