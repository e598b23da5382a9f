import { AppError, type Actor, type EntityDef } from '@tpl/contracts';
import type { EventMetadata, Fold } from '@tpl/event-store';
import { eventType, kindOf } from './record.events';

export type RecordState = {
  id: string;
  version: number;
  data: Record<string, unknown>;
  removed: boolean;
  createdBy: Actor;
  createdAt: string;
  updatedBy: Actor;
  updatedAt: string;
};

export type RecordCommand =
  | { type: 'Create'; id: string; data: Record<string, unknown> }
  | { type: 'Change'; id: string; expectedVersion: number; data: Record<string, unknown> }
  | { type: 'Remove'; id: string; expectedVersion: number; referencedBy?: { entity: string; code: string } };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field-level diff: path -> [before, after], arrays compared whole. */
export const diffData = (before: unknown, after: unknown, path = '', out: Record<string, [unknown, unknown]> = {}) => {
  if (isObj(before) && isObj(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) diffData(before[k], after[k], path ? `${path}.${k}` : k, out);
  } else if (JSON.stringify(before ?? null) !== JSON.stringify(after ?? null)) {
    out[path] = [before ?? null, after ?? null];
  }
  return out;
};

/** decide(command, state) -> events or a typed error; the same for every entity type (it names none). */
export const decideRecord = (def: EntityDef, command: RecordCommand, state: RecordState | undefined) => {
  if (command.type === 'Create') {
    if (state) throw new AppError(409, 'errors.staleVersion', { current: state.version, expected: 0 });
    return [{ type: eventType(def, 'Created'), data: { id: command.id, data: command.data } }];
  }
  if (!state || state.removed) throw new AppError(404, 'errors.recordNotFound', { id: command.id });
  if (command.expectedVersion !== state.version) throw new AppError(409, 'errors.staleVersion', { current: state.version, expected: command.expectedVersion });
  if (command.type === 'Change') {
    const changes = diffData(state.data, command.data);
    if (!Object.keys(changes).length) return [];
    return [{ type: eventType(def, 'Changed'), data: { data: command.data, changes } }];
  }
  if (command.referencedBy) {
    throw new AppError(409, 'errors.referenced', { code: command.referencedBy.code }, { referrer: `${command.referencedBy.entity}.title` });
  }
  const code = def.codeField ? state.data[def.codeField] : undefined;
  return [{ type: eventType(def, 'Removed'), data: code === undefined || code === null ? {} : { code: String(code) } }];
};

export const evolveRecord = (
  state: RecordState | undefined,
  event: { type: string; data: unknown; version: number; metadata: EventMetadata },
): RecordState | undefined => {
  const m = event.metadata;
  switch (kindOf(event.type)) {
    case 'Created': {
      const d = event.data as { id: string; data: Record<string, unknown> };
      return { id: d.id, version: event.version, data: d.data, removed: false, createdBy: m.actor, createdAt: m.occurredAt, updatedBy: m.actor, updatedAt: m.occurredAt };
    }
    case 'Changed':
      if (!state) return state;
      return { ...state, version: event.version, data: (event.data as { data: Record<string, unknown> }).data, updatedBy: m.actor, updatedAt: m.occurredAt };
    case 'Removed':
      if (!state) return state;
      return { ...state, version: event.version, removed: true, updatedBy: m.actor, updatedAt: m.occurredAt };
    case 'PasswordSet':
      if (!state) return state;
      return { ...state, version: event.version, updatedBy: m.actor, updatedAt: m.occurredAt };
    default:
      return state;
  }
};

/** The fold runCommand and loadStream apply to a record's stream (undefined before it was created). */
export const recordFold: Fold<RecordState | undefined> = { initial: () => undefined, evolve: evolveRecord };
