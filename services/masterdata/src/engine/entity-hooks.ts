import { Injectable } from '@nestjs/common';
import type { EntityDef } from '@tpl/contracts';
import type { AuthUser } from '@tpl/identity';

/** A record's fields as a list or detail answers them (engine-owned columns included). */
export type RecordRow = Record<string, unknown> & { id: string; version: number };

/**
 * What a particular entity adds to the generic engine, declared beside that entity by the
 * module that owns the behaviour (masterdata's own entities, the access context's rules).
 * The engine names no entity: it asks the hooks registered for the entity it serves.
 */
export interface EntityHooks {
  /**
   * Before a write through the engine's routes (submit, remove, each imported row): may
   * refuse it (403). `data` is what is written (none for a removal), `before` the record as it was.
   */
  admit?(user: AuthUser, def: EntityDef, data: Record<string, unknown> | undefined, before?: Record<string, unknown>): Promise<void>;
  /** After records of the entity were written in a tenant (created, changed, removed, imported). */
  changed?(tenantId: string): void;
  /** Rows as read (list, detail), completed with what the record itself does not hold. */
  rows?(tenantId: string, rows: RecordRow[]): Promise<RecordRow[]>;
}

/** The port other contexts register their entities' hooks through. */
export interface EntityHookRegistry {
  register(entity: string, hooks: EntityHooks): void;
}
export const ENTITY_HOOKS = Symbol('ENTITY_HOOKS');

/** The registry the engine reads: every hook of an entity runs, in the order registered. */
@Injectable()
export class EntityHooksRegistry implements EntityHookRegistry {
  private readonly byEntity = new Map<string, EntityHooks[]>();

  register(entity: string, hooks: EntityHooks): void {
    this.byEntity.set(entity, [...(this.byEntity.get(entity) ?? []), hooks]);
  }

  async admit(user: AuthUser, def: EntityDef, data: Record<string, unknown> | undefined, before?: Record<string, unknown>): Promise<void> {
    for (const h of this.byEntity.get(def.name) ?? []) await h.admit?.(user, def, data, before);
  }

  changed(def: EntityDef, tenantId: string): void {
    for (const h of this.byEntity.get(def.name) ?? []) h.changed?.(tenantId);
  }

  async rows(def: EntityDef, tenantId: string, rows: RecordRow[]): Promise<RecordRow[]> {
    let out = rows;
    for (const h of this.byEntity.get(def.name) ?? []) if (h.rows && out.length) out = await h.rows(tenantId, out);
    return out;
  }
}
