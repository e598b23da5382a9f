import type { EntityDef } from '@tpl/contracts';

export type RecordEventKind = 'Created' | 'Changed' | 'Removed' | 'PasswordSet';

export const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** MaterialCreated, MaterialChanged, MaterialRemoved: past-tense facts named by entity. */
export const eventType = (def: EntityDef, kind: RecordEventKind) => `${pascal(def.name)}${kind}`;
export const recordStream = (def: EntityDef, tenantId: string, id: string) => `${pascal(def.name)}-${tenantId}-${id}`;
export const kindOf = (type: string): RecordEventKind | undefined => {
  const m = /(Created|Changed|Removed|PasswordSet)$/.exec(type);
  return m ? (m[1] as RecordEventKind) : undefined;
};

export type RecordEvent =
  | { type: string; kind: 'Created'; data: { id: string; data: Record<string, unknown> } }
  | { type: string; kind: 'Changed'; data: { data: Record<string, unknown>; changes: Record<string, [unknown, unknown]> } }
  /** the code the record had (when its entity has one): followers that keep no copy of the record still know which it was */
  | { type: string; kind: 'Removed'; data: { code?: string } }
  /** a password field set or reset: only its argon2 hash, never the password */
  | { type: string; kind: 'PasswordSet'; data: { field: string; hash: string; reset?: boolean } };
