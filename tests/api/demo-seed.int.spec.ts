import type { Page } from '@tpl/contracts';
import { data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/** What a new user finds after `npm start`: a working warehouse, ready to use. */
describe('the demo tenant as seeded', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded', '/nonexistent', true);
  });
  afterAll(async () => t?.stop());

  it('has master data, menus, users per role and a consignment board', async () => {
    const admin = await t.client().as('100001', 'admin', 'admin');
    const total = async (path: string) => data(await admin.get<Page<unknown>>(`${path}?size=10`)).total;
    expect(await total('/api/bl-basic/material/list')).toBe(200);
    expect(await total('/api/bl-basic/warehouseplace/list')).toBe(52);
    expect(await total('/api/bl-basic/customer/list')).toBeGreaterThanOrEqual(6);
    expect(await total('/api/bl-basic/lgagreement/list')).toBeGreaterThanOrEqual(6);
    expect(await total('/api/bl-transport/basiccar/list')).toBe(3);
    // admin and one per headline role, and the cargo owner's user (C001)
    expect(await total('/api/bl-system/user/list')).toBe(7);
    // a day's board (every state) and three orders already waiting in review, so the approver has work
    expect(await total('/api/bl-transport/consignment/list')).toBe(15);
    expect(data(await admin.get<Page<unknown>>('/api/bl-transport/consignment/list?size=10&state=InReview')).total).toBe(3);
    for (const role of ['dispatcher', 'approver', 'auditor', 'keeper', 'finance']) await t.client().as('100001', role);
    // a restart seeds nothing twice
    const { seedDemoMasterData, RecordsService } = await import('@tpl/masterdata');
    const { runInTenant } = await import('@tpl/event-store');
    const again = await runInTenant('100001', () =>
      seedDemoMasterData(t.host.app.get(RecordsService), t.host.storage.db.pool, {
        tenantId: '100001',
        actor: { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' },
        correlationId: 'test',
        causationId: 'test-seed-again',
      }),
    );
    expect(again).toBe(0);
  });
});
