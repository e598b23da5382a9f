/** Nest injection tokens for the storage the host opens once and every context shares. */
export const DB_POOL = Symbol('DB_POOL');
export const EVENT_STORE = Symbol('EVENT_STORE');
/** The asynchronous projector (projector.ts): reports and cross-context read models, and the reactions that follow the global order. */
export const PROJECTOR = Symbol('PROJECTOR');
/** The background jobs' leases (leases.ts): a job runs on its timer only where its lease is held. */
export const LEASES = Symbol('LEASES');
/** This host's Prometheus registry (metrics.ts): contexts add their gauges to it (the outbox's lag, ...). */
export const METRICS = Symbol('METRICS');
/** The cache channel (cache-channel.ts): a cache hears through it that what it keeps changed, on any host. */
export const CACHE_CHANNEL = Symbol('CACHE_CHANNEL');
