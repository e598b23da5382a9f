import { entities, entityByName, idCardCheckDigit, type EntityDef, type FieldDef } from '@tpl/contracts';
import { data, type ApiClient } from './api-client';

export const base = (def: EntityDef) => `/api/${def.service}/${def.name}`;

/** A valid ordinary plate, different for each n (沪A + five digits). */
export const samplePlate = (n: number) => `沪A${String(n % 100000).padStart(5, '0')}`;
/** A valid ID card number (Beijing Chaoyang, born 1990-01-01), different for each n below 1000, check digit computed. */
export const sampleIdCard = (n: number) => {
  const first17 = `11010519900101${String(n % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckDigit(first17);
};

let seq = 0;
/** A valid value for a field, by kind; references point at records made on demand. */
export const sampleValue = async (client: ApiClient, def: EntityDef, key: string, f: FieldDef, n: number): Promise<unknown> => {
  switch (f.kind) {
    case 'text':
      return `${key.slice(0, 6)}${n}`.slice(0, f.max ?? 100);
    case 'number':
      return f.max !== undefined ? Math.min(f.max, (f.min ?? 0) + 1) : (f.min ?? 0) + 1;
    case 'flag':
      return 1;
    case 'enum':
      return f.values[0];
    case 'dict':
      return 'D1';
    case 'date':
      return '2026-11-23';
    case 'datetime':
      return '2026-11-23T08:00:00+08:00';
    case 'ref': {
      if (f.entity === def.name) return undefined; // no self reference: a root
      const code = await ensureRecord(client, f.entity);
      return f.multiple ? [code] : code;
    }
    case 'mobile':
      return '13800138000';
    case 'plate':
      return samplePlate(n);
    case 'idCard':
      return sampleIdCard(n);
    case 'email':
      return `user${n}@example.cn`;
    case 'password':
      return 'Secret#123';
    case 'rows': {
      const row: Record<string, unknown> = {};
      for (const [k, sub] of Object.entries(f.fields)) row[k] = await sampleValue(client, def, k, sub, n);
      return [row];
    }
  }
};

/** A valid record for an entity: every required field, plus the optional ones that are easy. */
export const sampleRecord = async (client: ApiClient, def: EntityDef, opts: { all?: boolean } = {}): Promise<Record<string, unknown>> => {
  const n = ++seq;
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.generated) continue;
    if (!f.required && !opts.all && !def.passwordOnCreate?.includes(k)) continue;
    const v = await sampleValue(client, def, k, f, n);
    if (v !== undefined) out[k] = v;
  }
  const code = def.codeField ? exampleCode(def, n) : undefined;
  return { ...out, ...(def.example ?? {}), ...(code !== undefined ? { [def.codeField!]: code } : {}) };
};

const exampleCode = (def: EntityDef, n: number) => {
  const f = def.fields[def.codeField!];
  if (f?.kind === 'ref') return undefined;
  if (f?.kind === 'plate') return samplePlate(n);
  const candidates = [`${def.name.slice(0, 4).toUpperCase()}${n}`, String(100000 + n).slice(-6)];
  return candidates.find((c) => f?.kind !== 'text' || !f.pattern || f.pattern.test(c));
};

const made = new Map<string, string>();
/** The code of a record of `entity` that exists (made once per client's tenant). */
export const ensureRecord = async (client: ApiClient, entity: string): Promise<string> => {
  const key = `${client.token?.tenantId}:${entity}`;
  const hit = made.get(key);
  if (hit) return hit;
  const def = entityByName(entity);
  if (!def) throw new Error(`no entity ${entity}`);
  const rec = await sampleRecord(client, def);
  const created = data(await client.post<{ id: string }>(`${base(def)}/submit`, rec));
  const row = data(await client.get<Record<string, unknown>>(`${base(def)}/detail?id=${created.id}`));
  const code = String(def.codeField ? row[def.codeField] : created.id);
  made.set(key, code);
  return code;
};

export const allEntities = entities;
