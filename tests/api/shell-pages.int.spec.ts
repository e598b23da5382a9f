import type { Dashboard, HomeFigures, Page, Profile } from '@tpl/contracts';
import { consignmentFactsProjection, FACTS_TABLE } from '@tpl/report';
import { runInTenant } from '@tpl/event-store';
import { ApiClient, data, md5 } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { consignmentInput, dispatchInput } from '../support/fixtures';
import { seedTransportFleet, walkOrderToSigned } from '../support/transport-chain';
import { TransportChain } from '@tpl/transport';
import { startTestHost, type TestHost } from '../support/host';
import { flowOf } from './flow-support';

type Result = { id: string; version: number; state: string };
type Row = Record<string, unknown> & { id: string; version: number };
const C = '/api/bl-transport/consignment';
const F = '/api/bl-flow';
const R = '/api/bl-report';
const U = '/api/bl-system/user';

/** Today as the dashboard counts business days (BUSINESS_TZ, default Asia/Shanghai). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ ?? 'Asia/Shanghai' }).format(new Date());
const stateCount = (d: { byState?: { state: string; count: number }[]; needingAction?: { state: string; count: number }[] }, state: string) =>
  (d.byState ?? d.needingAction ?? []).find((s) => s.state === state)?.count;

/**
 * The shell pages' server calls on both stores: the dashboard and home figures (counted from
 * documents made here, other tenants never counted, data scopes narrowing them) and the
 * personal information calls (own profile only, refused fields, password rules, sessions).
 */
describe.each(DOMAIN_STORES)('shell pages API on the %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let dispatcher: ApiClient;

  const order = async (who: ApiClient, overrides: Record<string, unknown> = {}) => data(await who.post<Result>(`${C}/submit`, consignmentInput(overrides)));
  /** The report's figures come from the asynchronous projector: read them once it has caught up with every write made so far. */
  const caughtUp = () => t.host.storage.projector.catchUp();
  const dashboard = async (who: ApiClient, q = '') => {
    await caughtUp();
    return data(await who.get<Dashboard>(`${R}/dashboard${q}`));
  };

  beforeAll(async () => {
    t = await startTestHost(kind);
    admin = await t.client().as('100001', 'admin', 'admin');
    dispatcher = await t.client().as('100001', 'dispatcher');
    await seedTransportFleet(t);
  }, 300_000);
  afterAll(async () => t?.stop());

  describe('dashboard', () => {
    it('counts the orders made here by state and by day, and the open totals', async () => {
      const before = await dashboard(admin);
      expect(before.consignments.total).toBe(0);
      expect(before.consignments.perDay).toHaveLength(14);
      expect(before.consignments.perDay.at(-1)!.day).toBe(today());
      expect(before.consignments.byState.map((s) => s.state)).toEqual(['Draft', 'InReview', 'Audited', 'Accepted', 'Dispatched', 'Loaded', 'Arrived', 'Signed', 'PartiallySigned', 'Refused', 'Cancelled']);

      await order(dispatcher); // stays a draft
      const audited = await order(dispatcher);
      data(await dispatcher.post(`${C}/audit?id=${audited.id}&version=1`));
      const cancelled = await order(dispatcher);
      data(await dispatcher.post(`${C}/cancel`, { id: cancelled.id, version: 1, reason: 'customer withdrew' }));
      const signed = await order(dispatcher);
      let v = data(await dispatcher.post<Result>(`${C}/audit?id=${signed.id}&version=1`)).version;
      data(await dispatcher.post<Result>(`${C}/dispatch`, { id: signed.id, version: v, ...dispatchInput }));
      await walkOrderToSigned(dispatcher, signed.id, '沪A10001', 'L01');
      await t.host.app.get(TransportChain).drain();
      const removed = await order(dispatcher);
      data(await dispatcher.post(`${C}/remove?ids=${removed.id}`));

      const after = await dashboard(admin);
      expect(after.scoped).toBe(false);
      expect(after.consignments.total).toBe(4);
      expect(Object.fromEntries(after.consignments.byState.map((s) => [s.state, s.count]))).toEqual({
        Draft: 1, InReview: 0, Audited: 1, Accepted: 0, Dispatched: 0, Loaded: 0, Arrived: 0, Signed: 1, PartiallySigned: 0, Refused: 0, Cancelled: 1,
      });
      expect(after.consignments.perDay.at(-1)).toEqual({ day: today(), created: 4, signed: 1 });
      expect(after.consignments.perDay.slice(0, -1).every((d) => d.created === 0 && d.signed === 0)).toBe(true);
      // open = the draft and the audited order, 15 pieces / 136 kg each (fixtures)
      expect(after.consignments.open).toEqual({ orders: 2, qty: 30, weight: 272, volume: 1.4, packages: 30 });

      // the daily figures agree with the order list the dispatcher sees
      const listed = data(await admin.get<Page<Row>>(`${C}/list?size=50`));
      expect(listed.total).toBe(after.consignments.total);
    });

    it('never counts another tenant\'s orders', async () => {
      const mine = (await dashboard(admin)).consignments.total;
      const other = await t.client().as('100002', 'dispatcher');
      const theirsBefore = (await dashboard(other)).consignments.total;
      await order(other);
      await order(other);
      expect((await dashboard(other)).consignments.total).toBe(theirsBefore + 2);
      expect((await dashboard(admin)).consignments.total).toBe(mine);
      // a Tenant-Id header naming the other tenant is refused, not obeyed
      expect((await admin.get(`${R}/dashboard`, { 'Tenant-Id': '100002' })).status).toBe(403);
    });

    it('narrows the counts to the caller\'s data scope, as the order list does', async () => {
      data(await admin.post('/api/bl-system/datascope/submit', { scopeCode: 'cons-own', scopeName: 'own orders', resourceCode: 'consignment', scopeType: '2', scopeColumn: 'createUser' }));
      data(await admin.post('/api/bl-system/role/submit', { roleAlias: 'rptclerk', roleName: 'Report clerk', menus: ['consignment', 'consignment_add'], dataScopes: ['cons-own'] }));
      data(await admin.post(`${U}/submit`, { account: 'rpt-clerk', name: 'Rita Clerk', roleId: ['rptclerk'], deptId: 'HB-OPS', password: 'Pa55word!' }));
      const clerk = await t.client().as('100001', 'rpt-clerk', 'Pa55word!');
      await order(clerk);
      const all = await dashboard(admin);
      const own = await dashboard(clerk);
      expect(own.scoped).toBe(true);
      expect(own.consignments.total).toBe(1);
      expect(stateCount(own.consignments, 'Draft')).toBe(1);
      expect(own.consignments.perDay.at(-1)).toEqual({ day: today(), created: 1, signed: 0 });
      expect(all.consignments.total).toBeGreaterThan(1);
      await caughtUp();
      const home = data(await clerk.get<HomeFigures>(`${R}/home`));
      expect(home.scoped).toBe(true);
      expect(stateCount(home, 'Draft')).toBe(1);
      expect(data(await clerk.get<Page<Row>>(`${C}/list`)).total).toBe(1);
    });

    it('counts the caller\'s own approval work from the inbox', async () => {
      const approver = await t.client().as('100001', 'approver');
      const before = await dashboard(approver);
      const leave = { leaveType: 'annual', startTime: '2026-12-01T09:00:00+08:00', endTime: '2026-12-02T18:00:00+08:00', days: 2, reason: 'Family visit', approver: 'approver' };
      const sentBefore = (await dashboard(dispatcher)).approvals.sent;
      const started = data(await dispatcher.post<{ instanceId: string }>(`${F}/leave/start-process`, leave));
      await flowOf(t).drain();
      const mid = await dashboard(approver);
      expect(mid.approvals.todo).toBe(before.approvals.todo + 1);
      expect((await dashboard(dispatcher)).approvals.sent).toBe(sentBefore + 1);
      expect(data(await approver.get<HomeFigures>(`${R}/home`)).approvals.todo).toBe(mid.approvals.todo);
      const inbox = data(await approver.get<Page<{ taskId: string; instanceId: string }>>(`${F}/work/todo-list?size=50`));
      expect(inbox.total).toBe(mid.approvals.todo);
      const task = inbox.records.find((r) => r.instanceId === started.instanceId)!;
      data(await approver.post(`${F}/work/complete-task`, { taskId: task.taskId, comment: 'ok' }));
      await flowOf(t).drain();
      const after = await dashboard(approver);
      expect(after.approvals.todo).toBe(before.approvals.todo);
      expect(after.approvals.done).toBe(before.approvals.done + 1);
    });

    it('takes 1 to 90 days and refuses anything else', async () => {
      const week = await dashboard(admin, '?days=7');
      expect(week.consignments.perDay).toHaveLength(7);
      expect(week.consignments.perDay.at(-1)!.day).toBe(today());
      for (const bad of ['0', '91', 'abc', '2.5']) expect((await admin.get(`${R}/dashboard?days=${bad}`)).status).toBe(400);
      expect((await admin.get(`${R}/dashboard?tenantId=100002`)).status).toBe(400);
      expect((await new ApiClient(t.url).get(`${R}/dashboard`)).status).toBe(401);
      expect((await new ApiClient(t.url).get(`${R}/home`)).status).toBe(401);
    });

    it('the report projection rebuilt from zero equals the live one', async () => {
      const pool = t.host.storage.db.pool;
      await caughtUp();
      const snapshot = () => runInTenant('100001', async () => (await pool.query(`SELECT * FROM ${FACTS_TABLE} ORDER BY tenant_id, id`)).rows);
      const live = await snapshot();
      expect(live.length).toBeGreaterThan(0);
      await t.host.storage.projector.rebuild(consignmentFactsProjection.name);
      await caughtUp();
      expect(await snapshot()).toEqual(live);
    });
  });

  describe('personal information', () => {
    let me: ApiClient;
    let other: ApiClient;
    const account = 'info-user';

    beforeAll(async () => {
      data(await admin.post(`${U}/submit`, { account, name: 'Ivy Info', roleId: ['dispatcher'], deptId: 'HB-OPS', password: 'Start123' }));
      me = await t.client().as('100001', account, 'Start123');
      other = await t.client().as('100001', account, 'Start123'); // a second session of the same user
    });

    const profile = async (who: ApiClient) => data(await who.get<Profile>(`${U}/profile`));

    it('shows and changes the caller\'s own profile, as an event in the user record\'s history', async () => {
      const p = await profile(me);
      expect(p).toMatchObject({ account, name: 'Ivy Info', tenantId: '100001', deptName: expect.any(String), roleNames: [expect.any(String)] });
      const changed = data(await me.post<{ id: string; version: number }>(`${U}/update-info`, {
        version: p.version, name: 'Ivy', realName: 'Ivy Zhang', email: 'ivy@example.com', phone: '13800138123', avatar: 'https://example.com/ivy.png',
      }));
      expect(changed.version).toBe(p.version + 1);
      expect(await profile(me)).toMatchObject({ name: 'Ivy', realName: 'Ivy Zhang', email: 'ivy@example.com', phone: '13800138123', avatar: 'https://example.com/ivy.png' });
      // the sign-in side follows (name in getUserInfo) and the administrator sees who changed what
      expect(data(await me.get<{ userName: string }>('/api/bl-system/user/getUserInfo')).userName).toBe('Ivy');
      const history = data(await admin.get<{ type: string; actor: { account: string }; data: { changes?: Record<string, unknown> } }[]>(`${U}/history?id=${p.id}`));
      const last = history.at(-1)!;
      expect(last).toMatchObject({ type: 'UserChanged', actor: { account } });
      expect(Object.keys(last.data.changes ?? {}).sort()).toEqual(['avatar', 'email', 'name', 'phone', 'realName']);
      // roles and department unchanged
      const record = data(await admin.get<Row>(`${U}/detail?id=${p.id}`));
      expect(record).toMatchObject({ roleId: ['dispatcher'], deptId: 'HB-OPS', account });
    });

    it('refuses fields that are not the user\'s to change, bad values and a stale version', async () => {
      const p = await profile(me);
      for (const smuggled of [{ roleId: ['admin'] }, { deptId: 'HB' }, { tenantId: '100002' }, { status: 0 }, { account: 'someone' }, { id: 'x' }, { userId: 'x' }, { password: 'x' }]) {
        const a = await me.post(`${U}/update-info`, { name: 'Ivy', ...smuggled });
        expect([a.status, Object.keys(smuggled)[0]]).toEqual([400, Object.keys(smuggled)[0]]);
      }
      expect((await me.post(`${U}/update-info?roleId=admin`, { name: 'Ivy' })).status).toBe(400);
      expect((await me.post(`${U}/update-info`, { email: 'not-an-email' })).status).toBe(400);
      expect((await me.post(`${U}/update-info`, { phone: '123' })).status).toBe(400);
      expect((await me.post(`${U}/update-info`, { name: '' })).body.msg).toBe('Please input Nickname');
      expect((await me.post(`${U}/update-info`, { name: 'x'.repeat(51) })).status).toBe(400);
      expect((await me.post(`${U}/update-info`, { version: p.version - 1, name: 'Old' })).status).toBe(409);
      const after = await profile(me);
      expect(after).toEqual(p);
      const record = data(await admin.get<Row>(`${U}/detail?id=${p.id}`));
      expect(record).toMatchObject({ roleId: ['dispatcher'], deptId: 'HB-OPS', account });
    });

    it('changes only the caller\'s own profile: another user is untouched', async () => {
      const dispatcherBefore = await profile(dispatcher);
      data(await me.post(`${U}/update-info`, { realName: 'Ivy Z.' }));
      expect(await profile(dispatcher)).toEqual(dispatcherBefore);
      expect((await profile(me)).realName).toBe('Ivy Z.');
      // a field sent empty is cleared; one left out keeps its value
      data(await me.post(`${U}/update-info`, { realName: '' }));
      expect(await profile(me)).toMatchObject({ realName: '', name: 'Ivy', email: 'ivy@example.com' });
    });

    it('changes the password: old one checked, confirmation matched, other sessions signed out', async () => {
      const change = (oldPassword: string, newPassword: string, newPassword1 = newPassword) =>
        me.post<{ revokedSessions: number }>(`${U}/update-password`, { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) });
      const wrong = await change('Wrong123', 'Next4567');
      expect([wrong.status, wrong.body.msg]).toEqual([400, 'The old password is not correct']);
      const mismatch = await change('Start123', 'Next4567', 'Next4568');
      expect([mismatch.status, mismatch.body.msg]).toEqual([400, 'The two passwords do not match']);
      expect((await change('Start123', 'Start123')).body.msg).toBe('The new password must differ from the old one');
      expect((await me.post(`${U}/update-password`, { oldPassword: 'Start123', newPassword: 'x', newPassword1: 'x' })).status).toBe(400);
      expect((await me.post(`${U}/update-password`, { oldPassword: md5('Start123'), newPassword: md5('a'), newPassword1: md5('a'), userId: 'x' })).status).toBe(400);
      // still the old password after every refusal
      await t.client().as('100001', account, 'Start123');

      const ok = data(await change('Start123', 'Next4567'));
      expect(ok.revokedSessions).toBeGreaterThanOrEqual(2); // the second session and the probe above
      expect((await other.get('/api/bl-customize/token-check/check')).status).toBe(401);
      expect((await me.get('/api/bl-customize/token-check/check')).status).toBe(200);
      await expect(t.client().as('100001', account, 'Start123')).rejects.toThrow(/sign-in/);
      const fresh = await t.client().as('100001', account, 'Next4567');
      expect(data(await fresh.get<Profile>(`${U}/profile`)).account).toBe(account);

      const history = data(await admin.get<{ type: string; actor: { account: string }; data: { hash?: string; self?: boolean } }[]>(`${U}/history?id=${(await profile(me)).id}`));
      expect(history.at(-1)).toMatchObject({ type: 'UserPasswordSet', actor: { account }, data: { hash: '******', self: true } });
    });

    it('counts wrong old passwords toward the sign-in lock', async () => {
      data(await admin.post(`${U}/submit`, { account: 'info-lock', name: 'Leo Lock', roleId: ['dispatcher'], password: 'Start123' }));
      const leo = await t.client().as('100001', 'info-lock', 'Start123');
      const attempt = () => leo.post(`${U}/update-password`, { oldPassword: md5('nope'), newPassword: md5('Next4567'), newPassword1: md5('Next4567') });
      for (let i = 0; i < 5; i++) expect((await attempt()).body.msg).toBe('The old password is not correct');
      const locked = await attempt();
      expect(locked.status).toBe(400);
      expect(locked.body.msg).toMatch(/locked until/);
      await expect(t.client().as('100001', 'info-lock', 'Start123')).rejects.toThrow(/locked/);
    });
  });
});
