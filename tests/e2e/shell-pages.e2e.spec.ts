import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Dashboard, HomeFigures, Profile } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { fillSignIn, launchChromium, signInPage, SCREENSHOTS, WEB_DIST } from '../support/browser';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

const C = '/api/bl-transport/consignment';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ ?? 'Asia/Shanghai' }).format(new Date());

/**
 * The shell's own pages in Chromium against the real host: the token check at /, the home
 * page's and the dashboard's figures (made here through the API, compared with what the
 * server answers), personal information (profile, password, signing in again), the error
 * pages and the external page frame.
 */
describe('shell pages in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let admin: ApiClient;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST), launchChromium()]);
    admin = await t.client().as('100001', 'admin', 'admin');
    const dispatcher = await t.client().as('100001', 'dispatcher');
    // two orders waiting: one draft, one audited; and a leave request waiting for the administrator
    data(await dispatcher.post(`${C}/submit`, consignmentInput()));
    const audited = data(await dispatcher.post<{ id: string }>(`${C}/submit`, consignmentInput()));
    data(await dispatcher.post(`${C}/audit?id=${audited.id}&version=1`));
    const leave = { leaveType: 'annual', startTime: '2026-12-01T09:00:00+08:00', endTime: '2026-12-02T18:00:00+08:00', days: 2, reason: 'Family visit', approver: 'admin' };
    data(await dispatcher.post('/api/bl-flow/leave/start-process', leave));
    // the other operator's orders are never counted here
    data(await (await t.client().as('100002', 'dispatcher')).post(`${C}/submit`, consignmentInput()));
    // the report's projection and the review process manager follow asynchronously: let them catch up with what was made here
    await t.host.storage.projector.catchUp();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** Signs in through the sign-in page, in English, and waits for the first page. */
  const signIn = async (account: string, password: string): Promise<Page> => signInPage(await browser.newPage(), t.url, account, password);

  it('/ checks the token: signed in goes to the home page, signed out to the sign-in page', async () => {
    const page = await signIn('admin', 'admin');
    await page.goto(`${t.url}/`);
    await page.waitForURL('**/wel/index');
    await page.getByTestId('home-page').waitFor();
    // a token the server no longer accepts: the check signs out
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('tpl.session')!);
      s.token.accessToken = 'forged';
      localStorage.setItem('tpl.session', JSON.stringify(s));
    });
    await page.goto(`${t.url}/`);
    await page.waitForURL('**/login');
    const fresh = await browser.newPage();
    await fresh.goto(`${t.url}/`);
    await fresh.waitForURL('**/login');
    await page.close();
    await fresh.close();
  });

  it('the home page shows the user, the tenant and the real counts', async () => {
    const page = await signIn('admin', 'admin');
    await page.goto(`${t.url}/wel/index`);
    const figures = data(await admin.get<HomeFigures>('/api/bl-report/home'));
    expect(figures.approvals.todo).toBe(1);
    expect(figures.needingAction.filter((s) => s.count > 0)).toEqual([
      { state: 'Draft', count: 1 },
      { state: 'Audited', count: 1 },
    ]);
    await page.getByTestId('home-greeting').getByText('Hello, ').waitFor();
    await page.getByTestId('home-tenant').getByText('(100001)').waitFor();
    await page.getByTestId('home-todo').getByText('1', { exact: true }).waitFor();
    expect(await page.getByTestId('home-waiting-Draft-count').textContent()).toBe('1');
    expect(await page.getByTestId('home-waiting-Audited-count').textContent()).toBe('1');
    expect(await page.getByTestId('home-waiting-Dispatched').count()).toBe(0);
    // shortcuts are the user's menu entries
    await page.getByTestId('home-shortcuts').locator('button').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-home.png'), fullPage: true });
    // the to-do figure leads to the inbox, the waiting orders to the list filtered by state
    await page.getByTestId('home-waiting-Draft').click();
    await page.waitForURL((url) => url.pathname === '/consignmentOrderbill' && url.searchParams.get('state') === 'Draft');
    await page.goto(`${t.url}/wel/index`);
    await page.getByTestId('home-todo-link').click();
    await page.waitForURL('**/flowable/work/todo');
    await page.close();
  });

  it('the dashboard draws its charts and lists the same figures the server counts', async () => {
    const page = await signIn('admin', 'admin');
    await page.goto(`${t.url}/wel/dashboard`);
    const d = data(await admin.get<Dashboard>('/api/bl-report/dashboard'));
    expect(d.consignments.total).toBe(2);
    await page.getByTestId('dashboard-total').getByText('2', { exact: true }).waitFor();
    for (const chart of ['chart-by-state', 'chart-per-day', 'chart-approvals']) await page.getByTestId(chart).locator('canvas').first().waitFor();
    expect(await page.getByTestId('by-state-Draft').textContent()).toBe('1');
    expect(await page.getByTestId('by-state-Audited').textContent()).toBe('1');
    expect(await page.getByTestId('by-state-Signed').textContent()).toBe('0');
    expect(await page.getByTestId(`per-day-${today()}-created`).textContent()).toBe('2');
    expect(await page.getByTestId(`per-day-${today()}-signed`).textContent()).toBe('0');
    expect(await page.getByTestId('dashboard-open-orders').textContent()).toBe('2');
    expect(await page.getByTestId('approvals-todo').textContent()).toBe(String(d.approvals.todo));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-dashboard.png'), fullPage: true });
    // 7 days: the day table follows
    await page.getByTestId('dashboard-days').getByText('7', { exact: true }).click();
    await page.getByText('Orders in the last 7 days').waitFor();
    // the title follows the choice at once, the rows once the figures for 7 days have come
    await page.getByTestId('table-per-day').locator('tbody tr.ant-table-row').nth(6).waitFor();
    expect(await page.getByTestId('table-per-day').locator('tbody tr.ant-table-row').count()).toBe(7);
    await page.close();
  });

  it('personal information: edits the profile, changes the password, then signs in again with it', async () => {
    data(await admin.post('/api/bl-system/user/submit', { account: 'e2e-info', name: 'Eve Info', roleId: ['dispatcher'], deptId: 'HB-OPS', password: 'Start123' }));
    const page = await signIn('e2e-info', 'Start123');
    await page.goto(`${t.url}/info/index`);
    await page.getByTestId('info-account').getByText('e2e-info').waitFor();
    await page.getByTestId('info-realName').fill('Eve Zhang');
    await page.getByTestId('info-email').fill('not-an-email');
    await page.getByTestId('info-save').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Email' }).waitFor();
    await page.getByTestId('info-email').fill('eve@example.com');
    await page.getByTestId('info-save').click();
    await page.getByText('Your profile was saved').waitFor();
    const me = await t.client().as('100001', 'e2e-info', 'Start123');
    expect(data(await me.get<Profile>('/api/bl-system/user/profile'))).toMatchObject({ realName: 'Eve Zhang', email: 'eve@example.com', name: 'Eve Info' });

    await page.getByTestId('info-tab-password').click();
    await page.getByTestId('info-old-password').fill('Wrong999');
    await page.getByTestId('info-new-password').fill('Next4567');
    await page.getByTestId('info-new-password1').fill('Next4568');
    await page.getByTestId('info-change-password').click();
    await page.getByText('The two passwords do not match').waitFor();
    await page.getByTestId('info-new-password1').fill('Next4567');
    await page.getByTestId('info-change-password').click();
    await page.getByTestId('info-password-error').getByText('The old password is not correct').waitFor();
    await page.getByTestId('info-old-password').fill('Start123');
    await page.getByTestId('info-change-password').click();
    await page.waitForURL('**/login');
    // the API client signed in before the change was signed out by it
    expect((await me.get('/api/bl-customize/token-check/check')).status).toBe(401);

    await page.getByTestId('login-tenant').fill('100001');
    await page.getByTestId('login-account').fill('e2e-info');
    await page.getByTestId('login-password').fill('Start123');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();
    // the password change signed the console out from /info/index: signing in again returns there
    await fillSignIn(page, 'e2e-info', 'Next4567');
    await page.waitForURL('**/info/index');
    await page.getByTestId('info-account').getByText('e2e-info').waitFor();
    await page.close();
  });

  it('unknown paths go to /404, which leads home; 403 and 500 have their own pages', async () => {
    const page = await signIn('admin', 'admin');
    await page.goto(`${t.url}/no/such/page`);
    await page.waitForURL('**/404');
    await page.locator('.ant-result-title').getByText('Page not found').waitFor();
    await page.getByTestId('not-found-home').click();
    await page.waitForURL('**/wel/index');
    await page.goto(`${t.url}/403`);
    await page.locator('.ant-result-title').getByText('Access denied').waitFor();
    await page.goto(`${t.url}/500`);
    await page.locator('.ant-result-title').getByText('Server error').waitFor();
    await page.getByTestId('server-error-home').waitFor();
    await page.close();
  });

  it('the frame shows an http(s) page with its name and refuses javascript: and other schemes', async () => {
    const page = await signIn('admin', 'admin');
    const target = `${t.url}/api/health`;
    await page.goto(`${t.url}/myiframe/urlPath?${new URLSearchParams({ src: target, name: 'Health' })}`);
    await page.getByTestId('iframe-name').getByText('Health').waitFor();
    expect(await page.getByTestId('iframe-frame').getAttribute('src')).toBe(target);
    expect(await page.getByTestId('iframe-frame').getAttribute('title')).toBe('Health');
    for (const src of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', '/wel/index', 'ftp://example.com/x']) {
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs += 1;
        void d.dismiss();
      });
      await page.goto(`${t.url}/myiframe/urlPath?${new URLSearchParams({ src, name: 'x' })}`);
      await page.getByTestId('iframe-refused').waitFor();
      expect(await page.getByTestId('iframe-frame').count()).toBe(0);
      expect(dialogs).toBe(0);
    }
    await page.close();
  });

  it('the connection check reports the server, the token, the licence and the language', async () => {
    const page = await signIn('admin', 'admin');
    await page.goto(`${t.url}/test/index`);
    await page.locator('[data-testid="test-server-status"][data-status="ok"]').waitFor();
    await page.locator('[data-testid="test-token-status"][data-status="ok"]').waitFor();
    // no licence imported on a fresh host
    await page.locator('[data-testid="test-licence-status"][data-status="warning"]').waitFor();
    expect(await page.getByTestId('test-licence-detail').textContent()).toBe('No licence imported');
    expect(await page.getByTestId('test-language-detail').textContent()).toContain('Accept-Language: en');
    expect(await page.getByTestId('test-token-detail').textContent()).toContain('100001');
    // spec 01's tool routes answer with a page saying what each holds (issue 30), never the 404 page
    for (const [path, tool, words] of [['/tool/build/index', 'formBuild', 'form designer'], ['/develop/pagecolumn', 'pageColumn', 'list columns'], ['/develop/testFun', 'testFun', 'methods']] as const) {
      await page.goto(`${t.url}${path}`);
      expect(await page.getByTestId(`tool-page-${tool}`).getByTestId('tool-page-text').textContent()).toContain(words);
    }
    await page.close();
  });
});
