import type { Page, TokenResponse } from '@tpl/contracts';
import { data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The names a screen shows beside codes (issue 28 item 7): an entity's list answers exact codes
 * (`codes=`, at most a page of them) in one call, within the caller's sight; and the sign-in names
 * the tenant's time zone the console shows instants in.
 */
describe('names by code and the tenant\'s time zone (embedded store)', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded');
  });
  afterAll(async () => t?.stop());

  it('answers exactly the codes asked, in one call, and nothing for a code that names no record', async () => {
    const c = await t.client().as('100001', 'dispatcher');
    const some = data(await c.get<Page<{ code: string }>>('/api/bl-basic/customer/list?current=1&size=10')).records.map((r) => r.code).slice(0, 2);
    expect(some.length).toBeGreaterThan(0);
    const page = data(await c.get<Page<{ code: string; name: string }>>(`/api/bl-basic/customer/list?current=1&size=50&codes=${[...some, 'NOPE'].join(',')}`));
    expect(page.records.map((r) => r.code).sort()).toEqual([...some].sort());
    expect(page.records.every((r) => typeof r.name === 'string' && r.name !== '')).toBe(true);
    // exact, never a prefix: a code's first characters name nothing
    expect(data(await c.get<Page<unknown>>(`/api/bl-basic/customer/list?current=1&size=50&codes=${some[0]!.slice(0, -1)}`)).total).toBe(0);
    // blanks and repeats fold away
    expect(data(await c.get<Page<unknown>>(`/api/bl-basic/customer/list?current=1&size=50&codes=${some[0]},,${some[0]},%20${some[0]}`)).total).toBe(1);
  });

  it('refuses more codes than a page with a 400 naming the field', async () => {
    const c = await t.client().as('100001', 'dispatcher');
    const many = Array.from({ length: 51 }, (_, i) => `C${i}`).join(',');
    const r = await c.get(`/api/bl-basic/customer/list?current=1&size=50&codes=${many}`);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('The code list (codes) holds at most 50 codes');
  });

  it('names the tenant\'s time zone at sign-in', async () => {
    const token: TokenResponse = await t.client().signIn('100001', 'dispatcher', 'demo123');
    expect(token.timeZone).toBe(process.env.BUSINESS_TZ || 'Asia/Shanghai');
  });
});
