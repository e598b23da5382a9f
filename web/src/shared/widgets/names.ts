import { useQueries, useQuery } from '@tanstack/react-query';
import { entityByName, type EntityDef, type Page } from '@tpl/contracts';
import { request } from '../../api/client';
import type { EntityRecord } from '../../api/entities';
import { entityKeys } from '../../api/queryKeys';

/**
 * The names of records a screen shows by code (a document's customer, its lines' materials, a
 * report's areas, an inbox's roles): "code name", never the code alone where a name belongs.
 *
 * An entity's own list answers its records' refNames; documents, reports and the inbox hold
 * codes only. Every code a screen asks for in one moment is gathered and asked of its entity's
 * list in one call (`codes=`, 50 at a time), so a list page of 20 documents naming 6 customers
 * and 30 materials costs two calls, not 36; each answer is kept a few minutes under the
 * entity's query keys, so a write to the entity asks again.
 */

/** The most codes one call asks for (the list's largest page). */
export const NAMES_PER_CALL = 50;

/** Fetches the names of some codes of one entity: code -> name (a code not answered has none). */
export type NamesFetch = (entity: string, codes: readonly string[]) => Promise<Map<string, string>>;

type Waiter = { resolve: (name: string | null) => void; reject: (error: unknown) => void };

/**
 * Gathers the codes asked in one turn of the event loop and fetches them per entity, at most
 * `NAMES_PER_CALL` codes a call; each load resolves with the code's name, or null when the
 * entity has none for it (unknown, removed, out of the user's sight).
 */
export const namesBatcher = (fetchNames: NamesFetch, schedule: (run: () => void) => void = (run) => void setTimeout(run, 0)) => {
  let waiting = new Map<string, Map<string, Waiter[]>>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    for (const [entity, byCode] of batch) {
      const codes = [...byCode.keys()];
      for (let i = 0; i < codes.length; i += NAMES_PER_CALL) {
        const chunk = codes.slice(i, i + NAMES_PER_CALL);
        fetchNames(entity, chunk).then(
          (names) => chunk.forEach((code) => byCode.get(code)!.forEach((w) => w.resolve(names.get(code) ?? null))),
          (error: unknown) => chunk.forEach((code) => byCode.get(code)!.forEach((w) => w.reject(error))),
        );
      }
    }
  };
  return (entity: string, code: string): Promise<string | null> =>
    new Promise((resolve, reject) => {
      const byCode = waiting.get(entity) ?? waiting.set(entity, new Map()).get(entity)!;
      byCode.set(code, [...(byCode.get(code) ?? []), { resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    });
};

/** "code name" (the code alone when the name is not known, or says nothing more). */
export const codeAndName = (code: string, name: string | null | undefined): string => (name && name !== code ? `${code} ${name}` : code);

/** Entities whose records have a name to show beside their code. */
const named = (entity: string): EntityDef | undefined => {
  const def = entityByName(entity);
  return def?.codeField && def.nameField ? def : undefined;
};

const fetchFromLists: NamesFetch = async (entity, codes) => {
  const def = named(entity);
  if (!def) return new Map();
  // a user without sight of the entity reads the codes alone: no toast for a name
  const page = await request<Page<EntityRecord>>('GET', `/api/${def.service}/${def.name}/list`, {
    query: { codes: codes.join(','), size: NAMES_PER_CALL, current: 1 },
    notify: false,
  });
  return new Map(page.records.flatMap((r) => (typeof r[def.codeField!] === 'string' && typeof r[def.nameField!] === 'string' ? [[r[def.codeField!] as string, r[def.nameField!] as string]] : [])));
};

const load = namesBatcher(fetchFromLists);

const nameQuery = (entity: string, code: string) => ({
  queryKey: [...entityKeys.entity(entity), 'name', code] as const,
  queryFn: () => load(entity, code),
  enabled: Boolean(named(entity)) && code !== '',
  staleTime: 5 * 60_000,
  // a name that cannot be read (no right to the entity's list) leaves the code alone, without a toast's retry storm
  retry: false,
});

/** The name of one record by its code (undefined while asked, null when there is none). */
export const useRecordName = (entity: string | undefined, code: string | undefined | null): string | null | undefined =>
  useQuery(nameQuery(entity ?? '', code ?? '')).data;

/** The names of several codes of one entity, in their order. */
export const useRecordNames = (entity: string, codes: readonly string[]): (string | null | undefined)[] =>
  useQueries({ queries: codes.map((code) => nameQuery(entity, code)) }).map((q) => q.data);
