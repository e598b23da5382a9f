import type { Actor, EntityDef } from '@tpl/contracts';

/** causationId: the command's id (made where it entered: the request, a job's run), the cause its events name. */
export type RecordContext = { tenantId: string; actor: Actor; correlationId: string; causationId: string };

/** A live record as another context reads it: no field of an entity named in `withoutData`. */
export type LiveRecord = { entity: string; id: string; code: string | null; parentCode: string | null; version: number; data: Record<string, unknown> | null };

/**
 * The port other contexts read and write records through, never md_records itself: the
 * access context keeps its rules (menus, roles, API permissions, data scopes) as records of
 * system administration and seeds the demo's. Writes are the engine's own commands, so
 * every change is an event with its history.
 */
export interface RecordsPort {
  /** The live records of these entities in the tenant (only these codes, when given). */
  live(tenantId: string, entities: readonly string[], options?: { codes?: readonly string[]; withoutData?: readonly string[] }): Promise<LiveRecord[]>;
  /** Creates (no id) or changes (id and the version it was read at) one record. */
  submit(def: EntityDef, ctx: RecordContext, input: { id?: string | undefined; version?: number | undefined; data: Record<string, unknown> }): Promise<{ id: string; version: number } | undefined>;
  /** Creates every record or none, in one transaction (rows already valid). */
  importAll(def: EntityDef, ctx: RecordContext, rows: Record<string, unknown>[]): Promise<number>;
}
export const RECORDS = Symbol('RECORDS');
