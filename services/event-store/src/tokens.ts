/** Nest injection tokens for the storage the host opens once and every context shares. */
export const DB_POOL = Symbol('DB_POOL');
export const EVENT_STORE = Symbol('EVENT_STORE');
/** The asynchronous projector (projector.ts): reports and cross-context read models, and the reactions that follow the global order. */
export const PROJECTOR = Symbol('PROJECTOR');
