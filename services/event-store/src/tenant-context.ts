import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a unit of work may touch. A request's scope is the caller's tenant, taken
 * from the access token by the auth guard; background work (schedulers, projectors,
 * workflow timers, seeds) states its scope explicitly with runInTenant / runAsSystem.
 * The database layer reads it to set PostgreSQL's row-level-security context, so a query
 * that forgot its tenant filter still sees only the caller's tenant.
 */
export type DbScope = { kind: 'tenant'; tenantId: string } | { kind: 'system' };

type Slot = { scope?: DbScope };
const storage = new AsyncLocalStorage<Slot>();

/** Runs fn with the database scoped to one tenant. */
export const runInTenant = <T>(tenantId: string, fn: () => Promise<T>): Promise<T> =>
  storage.run({ scope: { kind: 'tenant', tenantId } }, fn);

/** Runs fn as the platform itself (migrations, cross-tenant projectors, sign-in lookups). */
export const runAsSystem = <T>(fn: () => Promise<T>): Promise<T> => storage.run({ scope: { kind: 'system' } }, fn);

/** The scope of the current unit of work, if any. */
export const currentScope = (): DbScope | undefined => storage.getStore()?.scope;

/** Opens an empty scope for one HTTP request (Fastify onRequest); the guard fills it in. */
export const openRequestScope = (next: () => void): void => storage.run({}, next);

/** Called once the caller is known: the rest of the request works in the caller's tenant. */
export const setRequestTenant = (tenantId: string): void => {
  const slot = storage.getStore();
  if (slot) slot.scope = { kind: 'tenant', tenantId };
};
