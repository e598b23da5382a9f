import jwt from 'jsonwebtoken';
import type { EntityDef } from '@tpl/contracts';
import { ApiClient, data, type Answer } from '../support/api-client';
import { notOk, runAttempts, type Attempt } from '../support/attempts';
import { consignmentInput, dispatchInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { allEntities, base, sampleRecord } from '../support/records';

/**
 * Generated attacks on every route we serve: another tenant's ids, forged, expired and
 * other-tenant tokens, a tenantId smuggled in body, query or header, filters trying to
 * escape, privilege escalation through roles and users, oversized and malformed input.
 * Each attempt must be refused (never a 2xx that grants it, never another tenant's data)
 * and nothing may answer 500. The counts are printed.
 */

const C = '/api/bl-transport/consignment';

describe('security: generated attempts', () => {
  let t: TestHost;
  let owner: ApiClient; // tenant 100001 administrator: the victim's data
  let attacker: ApiClient; // platform administrator of another tenant
  let dispatcher: ApiClient; // 100001 dispatcher: escalation attempts
  const victimIds = new Map<string, string>();
  let consignmentId = '';
  let victimCustomer = '';

  beforeAll(async () => {
    t = await startTestHost('embedded');
    owner = await t.client().as('100001', 'admin', 'admin');
    attacker = await t.client().as('000000', 'admin', 'admin');
    dispatcher = await t.client().as('100001', 'dispatcher');
    for (const def of allEntities) {
      if (def.name === 'tenant') continue;
      const rec = await sampleRecord(owner, def);
      victimIds.set(def.name, data(await owner.post<{ id: string }>(`${base(def)}/submit`, rec)).id);
      if (def.name === 'customer') victimCustomer = String(rec.code);
    }
    consignmentId = data(await owner.post<{ id: string }>(`${C}/submit`, consignmentInput())).id;
  }, 300_000);
  afterAll(async () => t?.stop());


  const attempts = (): Attempt[] => {
    const list: Attempt[] = [];
    // 1. another tenant's ids on every route of every entity
    for (const def of allEntities) {
      const id = victimIds.get(def.name);
      if (!id) continue;
      list.push({ name: `${def.name}: read another tenant's record`, run: () => attacker.get(`${base(def)}/detail?id=${id}`) });
      list.push({ name: `${def.name}: history of another tenant's record`, run: () => attacker.get(`${base(def)}/history?id=${id}`) });
      list.push({ name: `${def.name}: update another tenant's record`, run: () => attacker.post(`${base(def)}/submit`, { id, version: 1, remark: 'pwned' }) });
      list.push({ name: `${def.name}: remove another tenant's record`, run: () => attacker.post(`${base(def)}/remove?ids=${id}`) });
    }
    for (const action of ['audit', 'load', 'cancel', 'arrive']) {
      list.push({ name: `consignment: ${action} another tenant's order`, run: () => attacker.post(`${C}/${action}`, { id: consignmentId, version: 1 }) });
    }
    list.push({ name: 'consignment: dispatch another tenant\'s order', run: () => attacker.post(`${C}/dispatch`, { id: consignmentId, version: 1, ...dispatchInput }) });
    list.push({ name: 'consignment: sign another tenant\'s order', run: () => attacker.post(`${C}/sign`, { id: consignmentId, version: 1, signer: 'x' }) });
    list.push({ name: 'consignment: read another tenant\'s order', run: () => attacker.get(`${C}/detail?id=${consignmentId}`) });
    list.push({ name: 'consignment: as-of another tenant\'s order', run: () => attacker.get(`${C}/detail?id=${consignmentId}&version=1`) });
    list.push({ name: 'consignment: history of another tenant\'s order', run: () => attacker.get(`${C}/history?id=${consignmentId}`) });
    list.push({ name: 'consignment: edit another tenant\'s order', run: () => attacker.post(`${C}/submit`, { id: consignmentId, version: 1, ...consignmentInput() }) });
    list.push({ name: 'consignment: remove another tenant\'s order', run: () => attacker.post(`${C}/remove?ids=${consignmentId}`) });

    // 2. forged, expired and foreign tokens on every list
    const real = owner.token!.accessToken;
    const [h, p] = real.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, rol: ['admin'], tid: '100002' })).toString('base64url')}.${real.split('.')[2]}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const guessed = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }, 'secret');
    const expired = jwt.sign({ ...claims, iat: 1, exp: 2 }, 'secret');
    const tokens: [string, string | undefined][] = [['no token', undefined], ['tampered tenant and roles', tampered], ['alg none', none], ['guessed key', guessed], ['expired', expired]];
    const lists = [...allEntities.map((d) => `${base(d)}/list`), `${C}/list`, '/api/bl-system/user/getUserInfo'];
    for (const [label, token] of tokens) {
      for (const path of lists) {
        list.push({
          name: `${path}: ${label}`,
          run: () =>
            fetch(`${t.url}${path}`, { headers: { ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}) } }).then(async (r) => ({ status: r.status, body: await r.json() })),
          refused: (a) => a.status === 401,
        });
      }
    }

    // 3. a tenant smuggled in query, header or body
    const mine = (a: Answer<unknown>) => !JSON.stringify(a.body).includes(victimCustomer);
    list.push({ name: 'tenantId in the query', run: () => attacker.get(`/api/bl-basic/customer/list?tenantId=100001&code=${victimCustomer}`), refused: (a) => mine(a) });
    list.push({ name: 'Tenant-Id header of another tenant', run: () => attacker.get('/api/bl-basic/customer/list', { 'Tenant-Id': '100001' }), refused: (a) => a.status === 403 });
    list.push({
      name: 'tenantId in the body',
      // the record lands in the attacker's own tenant, never in the one named
      run: async () => {
        await attacker.post('/api/bl-basic/customer/submit', { code: 'SMUGGLE', name: 'Smuggled', tenantId: '100001' });
        return owner.get('/api/bl-basic/customer/list?code=SMUGGLE');
      },
      refused: (a) => (a.body.data as { total: number }).total === 0,
    });
    // 4. filters trying to escape the tenant or the query
    for (const evil of ["' OR '1'='1", '%', '_', "\\'; DROP TABLE md_records; --", '\u0000', 'x'.repeat(5000)]) {
      list.push({ name: `filter escape ${JSON.stringify(evil).slice(0, 30)}`, run: () => attacker.get(`/api/bl-basic/customer/list?code=${encodeURIComponent(evil)}`), refused: (a) => a.status >= 400 || mine(a) });
      list.push({ name: `keyword escape ${JSON.stringify(evil).slice(0, 30)}`, run: () => attacker.get(`/api/bl-basic/material/list?keyword=${encodeURIComponent(evil)}`), refused: (a) => a.status >= 400 || mine(a) });
      list.push({ name: `consignment filter ${JSON.stringify(evil).slice(0, 30)}`, run: () => attacker.get(`${C}/list?billNo=${encodeURIComponent(evil)}`), refused: (a) => a.status >= 400 || !JSON.stringify(a.body).includes(consignmentId) });
    }
    list.push({ name: 'sort by an unknown column', run: () => attacker.get('/api/bl-basic/customer/list?sort=tenant_id;DELETE'), refused: notOk });

    // 5. privilege escalation inside the victim tenant
    list.push({ name: 'dispatcher makes an admin user', run: () => dispatcher.post('/api/bl-system/user/submit', { account: 'evil', name: 'Evil', password: 'x', roleId: ['admin'] }) });
    list.push({ name: 'dispatcher makes a role', run: () => dispatcher.post('/api/bl-system/role/submit', { roleAlias: 'root', roleName: 'Root' }) });
    list.push({ name: 'dispatcher makes a menu', run: () => dispatcher.post('/api/bl-system/menu/submit', { code: 'evil', name: 'Evil', category: 'MENU' }) });
    list.push({ name: 'dispatcher edits a user', run: () => dispatcher.post('/api/bl-system/user/submit', { id: victimIds.get('user'), version: 2, account: 'x', name: 'x', roleId: ['admin'] }) });
    list.push({ name: 'dispatcher resets passwords', run: () => dispatcher.post(`/api/bl-system/user/reset-password?ids=${victimIds.get('user')}`) });
    list.push({ name: 'tenant admin makes a tenant', run: () => owner.post('/api/bl-system/tenant/submit', { tenantId: '100888', tenantName: 'Mine now' }) });
    list.push({ name: 'dispatcher imports users', run: () => dispatcher.post('/api/bl-system/user/import') });

    // 6. oversized and malformed input
    const big = 'x'.repeat(2 * 1024 * 1024);
    const raw = (path: string, body: string, contentType = 'application/json') => () =>
      fetch(`${t.url}${path}`, { method: 'POST', headers: owner.headers({ 'Content-Type': contentType }), body }).then(async (r) => ({ status: r.status, body: await r.json() }));
    list.push({ name: 'body over the size limit', run: raw(`${C}/submit`, JSON.stringify({ remark: big })), refused: notOk });
    list.push({ name: 'malformed JSON', run: raw(`${C}/submit`, '{"billDate": '), refused: notOk });
    list.push({ name: 'JSON array instead of object', run: raw('/api/bl-basic/customer/submit', '[1,2,3]'), refused: notOk });
    list.push({ name: 'deeply nested JSON', run: raw('/api/bl-basic/customer/submit', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`), refused: notOk });
    list.push({ name: 'wrong content type', run: raw(`${C}/submit`, 'billDate=x', 'text/plain'), refused: notOk });
    list.push({ name: 'ids that are not uuids', run: () => owner.post(`${C}/remove?ids=1,2,3`), refused: notOk });
    list.push({ name: 'a version that is not a number', run: () => owner.post(`${C}/audit`, { id: consignmentId, version: 'latest' }), refused: notOk });
    list.push({ name: 'a negative version', run: () => owner.post(`${C}/audit`, { id: consignmentId, version: -1 }), refused: notOk });
    list.push({ name: 'repeated id parameters', run: () => owner.get(`${C}/detail?id=${consignmentId}&id=${consignmentId}`), refused: (a) => a.status !== 500 });
    list.push({ name: 'an over-long code', run: () => owner.post('/api/bl-basic/customer/submit', { code: 'x'.repeat(10_000), name: 'n' }), refused: notOk });
    list.push({ name: 'objects where text is expected', run: () => owner.post('/api/bl-basic/customer/submit', { code: { $gt: '' }, name: ['n'] }), refused: notOk });
    list.push({ name: 'a huge page size', run: () => owner.get('/api/bl-basic/material/list?size=100000'), refused: notOk });
    list.push({ name: 'a negative page', run: () => owner.get('/api/bl-basic/material/list?current=-5'), refused: notOk });
    list.push({ name: 'control characters in a header', run: () => owner.get(`${C}/list`, { 'x-correlation-id': '../../etc/passwd' }), refused: (a) => a.status === 200 });
    list.push({ name: 'an import that is not a spreadsheet', run: () => owner.post('/api/bl-basic/customer/import', { file: 'x' }), refused: notOk });
    return list;
  };

  it('refuses every attempt and never answers 500', async () => {
    const all = attempts();
    const { granted, errors } = await runAttempts(all);
    console.log(`security attempts: ${all.length} made, ${granted.length} succeeded, ${errors.length} answered 500`);
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(granted).toEqual([]);
    expect(errors).toEqual([]);

    // and the victim's data is as it was
    for (const def of allEntities as readonly EntityDef[]) {
      const id = victimIds.get(def.name);
      if (!id) continue;
      const row = data(await owner.get<{ remark?: string }>(`${base(def)}/detail?id=${id}`));
      expect(row.remark).not.toBe('pwned');
    }
    expect(data(await owner.get<{ state: string; version: number }>(`${C}/detail?id=${consignmentId}`))).toMatchObject({ state: 'Draft', version: 1 });
  });
});
