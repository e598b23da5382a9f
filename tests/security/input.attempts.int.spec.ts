import { z } from 'zod';
import {
  allRoutes,
  consignmentLineRules,
  entities,
  fieldKey,
  hasKey,
  translate,
  type EntityDef,
  type FieldDef,
  type RouteDef,
} from '@tpl/contracts';
import { ApiClient, data, type Answer } from '../support/api-client';
import { messageOf } from '../support/attempts';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { base, sampleRecord } from '../support/records';

/**
 * Issue 11: hostile input on every write route the server has (read from its own route
 * table): lone UTF-16 surrogates in text, integers beyond 2^53, huge and tiny decimals,
 * "1e400" as text, too many decimals, and bodies of the wrong type (array, string,
 * number, null). Each must be refused with a 400 envelope whose message names the field
 * by its label in the user's language or says the request is malformed: never a 200,
 * never a 500, never an internal key. Afterwards every record the attempts aimed at still
 * reads (detail, history, list: 200) unchanged. The counts are printed.
 */
const C = '/api/bl-transport/consignment';
const MALFORMED = [translate('zh', 'validation.malformedBody'), translate('zh', 'validation.unicodeBody'), translate('zh', 'errors.malformedJson')];
const UNICODE_WORDS = '含有无法识别的字符';
const ASKED = ['required', 'requiredSelect', 'signatureNeeded', 'attachmentNeeded'].map((key) => messageOf(`validation.${key}`, {}, 'zh'));

type Attempt = { name: string; route: string; body: string; query?: string; label?: string | undefined; wall: 'unicode' | 'number' | 'shape' | 'url'; internal: string[]; platform?: boolean };
type Verdict = { attempt: Attempt; answer: Answer };

/** Lone surrogates, as JSON escapes (JSON.stringify would write the pair or refuse). */
const SURROGATES = ['\\ud800', 'a\\udfffb', '\\udc00\\ud800'];
/** Numbers as JSON text: what JavaScript cannot hold exactly, what no field allows. */
const NUMBERS = ['9007199254740993', '-9007199254740993', '1e308', '"1e400"', '1e-30', '0.1234567', '12345678901234567890123'];

const zhLabel = (entity: string, path: (string | number)[]) => {
  const key = fieldKey(entity, path);
  if (!hasKey('zh', key)) return undefined;
  const label = translate('zh', key);
  const line = path.findIndex((p) => typeof p === 'number');
  return line >= 0 && line < path.length - 1 ? translate('zh', 'lineLabel', { n: Number(path[line]) + 1, label }) : label;
};

/** The string and number properties a route's body declares (top level), from its schema. */
const declared = (schema: z.ZodType | undefined): { text: string[]; numbers: string[] } => {
  if (!schema) return { text: [], numbers: [] };
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { type?: string | string[] }> };
  const props = Object.entries(json.properties ?? {});
  const has = (t: string | string[] | undefined, want: string) => (Array.isArray(t) ? t.includes(want) : t === want);
  return { text: props.filter(([, p]) => has(p.type, 'string')).map(([k]) => k), numbers: props.filter(([, p]) => has(p.type, 'number') || has(p.type, 'integer')).map(([k]) => k) };
};

/** Puts a raw JSON value (text) at a path of an object, as an attacker would type it. */
const withRaw = (obj: Record<string, unknown>, path: (string | number)[], rawValue: string): string => {
  const MARK = '__RAW_VALUE__';
  const copy = structuredClone(obj) as Record<string | number, unknown>;
  let node = copy;
  for (const p of path.slice(0, -1)) node = node[p] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = MARK;
  return JSON.stringify(copy).replace(`"${MARK}"`, rawValue);
};

describe('security: hostile input on every write route', () => {
  let t: TestHost;
  let admin: ApiClient;
  let platform: ApiClient;
  const targets = new Map<string, { id: string; version: number; code?: string }>();
  let orderId = '';
  let writeRoutes: string[] = [];

  beforeAll(async () => {
    t = await startTestHost('postgres');
    admin = await t.client().as('100001', 'admin', 'admin');
    admin.lang = 'zh-CN';
    platform = await t.client().as('000000', 'admin', 'admin');
    platform.lang = 'zh-CN';
    for (const def of entities) {
      const client = def.name === 'tenant' ? platform : admin;
      const made = data(await client.post<{ id: string; version: number }>(`${base(def)}/submit`, await sampleRecord(client, def)));
      targets.set(def.name, made);
    }
    orderId = data(await admin.post<{ id: string }>(`${C}/submit`, consignmentInput())).id;
    // the server's own route table: every POST it answers
    const table = t.host.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
    writeRoutes = [...table.matchAll(/(\/api\/\S*) \(([^)]*)\)/g)].filter((m) => m[2]!.split(', ').includes('POST')).map((m) => m[1]!);
  }, 300_000);
  afterAll(async () => t?.stop());

  const send = (client: ApiClient, a: Attempt): Promise<Answer> =>
    fetch(`${t.url}${a.route}${a.query ?? ''}`, { method: 'POST', headers: client.headers({ 'Content-Type': 'application/json' }), body: a.body }).then(async (r) => {
      const text = await r.text();
      try {
        return { status: r.status, body: JSON.parse(text) };
      } catch {
        return { status: r.status, body: { code: 0, success: false, data: null, msg: `not an envelope: ${text.slice(0, 100)}` } };
      }
    });

  const attempts = (): Attempt[] => {
    const list: Attempt[] = [];
    const routeDefs = new Map<string, RouteDef>();
    for (const group of Object.values(allRoutes)) for (const r of Object.values(group)) if (r.method === 'POST') routeDefs.set(r.path.replace(/\{(\w+)\}/g, ':$1'), r);

    // entity submits: every text field gets lone surrogates, every number field hostile numbers (new and update)
    for (const def of entities as readonly EntityDef[]) {
      const route = `${base(def)}/submit`;
      const target = targets.get(def.name)!;
      const walk = (fields: Record<string, FieldDef>, at: (string | number)[]) => {
        for (const [k, f] of Object.entries(fields)) {
          const path = [...at, k];
          const shell: Record<string, unknown> = at.length ? { [at[0]!]: [{}] } : {};
          if (f.kind === 'text' || f.kind === 'mobile' || f.kind === 'email' || f.kind === 'dict') {
            for (const s of SURROGATES) list.push({ name: `${def.name}.${path.join('.')} = "${s}"`, route, body: withRaw(shell, path, `"${s}"`), label: zhLabel(def.name, path), wall: 'unicode', internal: [def.name, k] });
          }
          // a generated field is the server's (the submit drops it): not an input to attack
          if (f.kind === 'number' && !f.generated) {
            for (const n of NUMBERS) {
              list.push({ name: `${def.name}.${path.join('.')} = ${n}`, route, body: withRaw(shell, path, n), label: zhLabel(def.name, path), wall: 'number', internal: [def.name, k] });
              if (!at.length) list.push({ name: `${def.name}.${k} = ${n} on update`, route, body: withRaw({ id: target.id, version: target.version }, path, n), label: zhLabel(def.name, path), wall: 'number', internal: [def.name, k] });
            }
          }
          if (f.kind === 'rows') walk(f.fields, [k, 0]);
        }
      };
      walk(def.fields, []);
      for (const s of SURROGATES) list.push({ name: `${def.name}.remark = "${s}"`, route, body: `{"remark":"${s}"}`, label: zhLabel(def.name, ['remark']), wall: 'unicode', internal: [def.name, 'remark'] });
    }

    // consignment: its text fields (parties and lines too) and line numbers, on submit and on the edit of an order
    const order = consignmentInput() as Record<string, unknown>;
    const texts: (string | number)[][] = [['customerCode'], ['remark'], ['consignor', 'name'], ['consignee', 'address'], ['lines', 0, 'materialCode'], ['lines', 1, 'name']];
    for (const path of texts) {
      for (const s of SURROGATES) list.push({ name: `consignment.${path.join('.')} = "${s}"`, route: `${C}/submit`, body: withRaw(order, path, `"${s}"`), label: zhLabel('consignment', path), wall: 'unicode', internal: ['consignment'] });
    }
    for (const field of Object.keys(consignmentLineRules)) {
      for (const n of NUMBERS) {
        list.push({ name: `consignment line ${field} = ${n}`, route: `${C}/submit`, body: withRaw(order, ['lines', 0, field], n), label: zhLabel('consignment', ['lines', 0, field]), wall: 'number', internal: ['consignment', field] });
        list.push({ name: `consignment line ${field} = ${n} on edit`, route: `${C}/submit`, body: withRaw({ ...order, id: orderId, version: 1 }, ['lines', 1, field], n), label: zhLabel('consignment', ['lines', 1, field]), wall: 'number', internal: ['consignment', field] });
      }
    }
    // transitions: text they take
    // (since issue 14 the order's load, arrive and sign are its notes' documents, and its dispatch takes split rows)
    for (const [action, field] of [['cancel', 'reason']] as const) {
      for (const s of SURROGATES) list.push({ name: `consignment ${action}.${field} = "${s}"`, route: `${C}/${action}`, body: withRaw({ id: orderId, version: 1 }, [field], `"${s}"`), label: zhLabel('consignment', [field]), wall: 'unicode', internal: ['consignment', field] });
    }

    // every POST route of the server: wrong body types, and a lone surrogate in every text (and number) property its contract declares
    for (const route of writeRoutes) {
      if (route.includes(':')) continue; // a path parameter (licence) is text in the URL: see the lone-surrogate attempt below
      const def = routeDefs.get(route);
      const entity = entities.find((e) => route.startsWith(`${base(e)}/`));
      // a route that reads no body (a removal takes its ids in the query) ignores one: nothing to attack there
      const takesBody = Boolean(def?.body) || route.endsWith('/submit') || (route.startsWith(`${C}/`) && !route.endsWith('/remove'));
      if (takesBody && !route.endsWith('/import') && !route.endsWith('/upload-file') && !route.includes('/attach/')) {
        const wrong = route.endsWith('/error-log/upload') ? ['{"message":"x"}', '"x"', '7', 'null'] : ['[1,2,3]', '"x"', '7', 'null', '[]'];
        for (const body of wrong) list.push({ name: `${route} with body ${body}`, route, body, wall: 'shape', internal: [...route.split('/').filter(Boolean), ...(entity ? [entity.name] : [])] });
      }
      const { text, numbers } = declared(def?.body);
      const labelEntity = route.split('/')[3]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      for (const k of text) {
        for (const s of SURROGATES.slice(0, 2)) {
          const body = route.endsWith('/error-log/upload') ? `[{"${k}":"${s}"}]` : `{"${k}":"${s}"}`;
          list.push({ name: `${route}.${k} = "${s}"`, route, body, label: zhLabel(labelEntity, route.endsWith('/error-log/upload') ? [0, k] : [k]), wall: 'unicode', internal: [k] });
        }
      }
      for (const k of numbers) {
        for (const n of NUMBERS) list.push({ name: `${route}.${k} = ${n}`, route, body: `{"${k}":${n}}`, wall: 'number', internal: [k] });
      }
      // a lone surrogate in a key nobody declared reaches the edge check all the same
      list.push({ name: `${route} with an undeclared text "\\ud800"`, route, body: '{"zzz":"\\ud800"}', wall: 'unicode', internal: ['zzz'] });
    }
    list.push({ name: 'licence path with an invalid escape', route: `/api/bl-auth/importLicense/${encodeURIComponent('x')}%ED%A0%80`, body: '{}', wall: 'url', internal: [] });
    // profile, password, error log, flow bodies with lone surrogates where the contract has text
    list.push({ name: 'update-info realName', route: '/api/bl-system/user/update-info', body: '{"realName":"\\ud800"}', label: zhLabel('user', ['realName']), wall: 'unicode', internal: ['realName', 'user'] });
    list.push({ name: 'update-password with a lone surrogate', route: '/api/bl-system/user/update-password', body: '{"oldPassword":"\\ud800","newPassword":"x","newPassword1":"x"}', wall: 'unicode', internal: ['oldPassword'] });
    return list;
  };

  /** What counts as refusing an attempt at its wall, in the user's language (zh). */
  const refusedAtWall = (a: Attempt, answer: Answer): string | undefined => {
    if (answer.status >= 500) return 'answered 500';
    const b = answer.body as { code?: unknown; success?: unknown; data?: unknown; msg?: unknown };
    if (typeof b.msg !== 'string' || b.success !== false || b.code !== answer.status || b.data !== null) return 'not an envelope';
    // a route that reads no body may ignore one (a 200 or its own 4xx); the shape attempts on the rest must be refused
    if (answer.status < 400 || answer.status >= 500) return `answered ${answer.status}`;
    const msg = b.msg;
    for (const key of a.internal) {
      if (/^[A-Za-z][\w-]*$/.test(key) && key.length > 2 && new RegExp(`(^|[^A-Za-z])${key}([^A-Za-z]|$)`).test(msg)) return `names the internal key ${key}: ${msg}`;
    }
    if (a.wall === 'unicode') {
      if (answer.status !== 400) return `status ${answer.status}`;
      if (!msg.includes(UNICODE_WORDS) && !MALFORMED.includes(msg)) return `not refused at the Unicode check: ${msg}`;
      if (a.label && !msg.includes(a.label) && !MALFORMED.some((m) => msg.includes(m))) return `does not name ${a.label}: ${msg}`;
    }
    if (a.wall === 'number') {
      if (answer.status !== 400) return `status ${answer.status}`;
      if (a.label && !msg.includes(a.label)) return `does not name ${a.label}: ${msg}`;
    }
    // a URL that does not decode is refused before any route is chosen
    if (a.wall === 'url' && (answer.status !== 400 || msg !== translate('zh', 'errors.badRequest'))) return `not refused at the URL's decoding: ${answer.status} ${msg}`;
    if (a.wall === 'shape') {
      if (answer.status !== 400) return `status ${answer.status}`;
      // a null body is no body: the fields it lacks are asked for; any other wrong type is malformed
      const asked = a.body === 'null' && msg.split('; ').every((part) => ASKED.some((re) => re.test(part)));
      if (!MALFORMED.includes(msg) && !asked) return `not refused at the body's shape: ${msg}`;
    }
    return undefined;
  };

  it('refuses every attempt with a 400 envelope naming the field or saying the body is malformed; nothing answers 500', async () => {
    const all = attempts();
    const verdicts: Verdict[] = [];
    // tenants are the platform's records: its administrator is the one who could write them
    for (const a of all) verdicts.push({ attempt: a, answer: await send(a.platform || a.route.startsWith('/api/bl-system/tenant/') ? platform : admin, a) });
    const errors = verdicts.filter((v) => v.answer.status >= 500).map((v) => `${v.attempt.name}: ${v.answer.status} ${JSON.stringify(v.answer.body).slice(0, 200)}`);
    const accepted = verdicts.filter((v) => v.answer.status < 400).map((v) => `${v.attempt.name}: ${v.answer.status} ${JSON.stringify(v.answer.body).slice(0, 200)}`);
    const wrong = verdicts.map((v) => [v.attempt.name, refusedAtWall(v.attempt, v.answer)] as const).filter(([, why]) => why !== undefined && !why.startsWith('answered'));
    const counts = { unicode: all.filter((a) => a.wall === 'unicode').length, number: all.filter((a) => a.wall === 'number').length, shape: all.filter((a) => a.wall === 'shape').length };
    console.log(
      `input attempts: ${all.length} made on ${writeRoutes.length} write routes (${counts.unicode} lone surrogates, ${counts.number} hostile numbers, ${counts.shape} wrong body types), ` +
        `${accepted.length} accepted, ${errors.length} answered 500, ${wrong.length} badly worded`,
    );
    expect(writeRoutes.length).toBeGreaterThanOrEqual(150);
    expect(all.length).toBeGreaterThanOrEqual(1500);
    expect({ errors, accepted, wrong }).toEqual({ errors: [], accepted: [], wrong: [] });
  });

  it('afterwards every record the attempts aimed at reads, unchanged', async () => {
    for (const def of entities) {
      const client = def.name === 'tenant' ? platform : admin;
      const target = targets.get(def.name)!;
      const detail = await client.get<{ version: number }>(`${base(def)}/detail?id=${target.id}`);
      expect([def.name, detail.status, detail.body.data?.version]).toEqual([def.name, 200, target.version]);
      expect([def.name, (await client.get(`${base(def)}/history?id=${target.id}`)).status]).toEqual([def.name, 200]);
      expect([def.name, (await client.get(`${base(def)}/list`)).status]).toEqual([def.name, 200]);
    }
    expect(data(await admin.get<{ version: number }>(`${C}/detail?id=${orderId}`)).version).toBe(1);
    expect((await admin.get(`${C}/history?id=${orderId}`)).status).toBe(200);
    expect((await admin.get(`${C}/list`)).status).toBe(200);
  });
});
