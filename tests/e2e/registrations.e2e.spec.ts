import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page as BrowserPage } from 'playwright-core';
import type { Page, TokenResponse } from '@tpl/contracts';
import { data, md5 } from '../support/api-client';
import { choose, launchChromium, signInPage, SCREENSHOTS, WEB_DIST } from '../support/browser';
import { startTestHost, type TestHost } from '../support/host';
import { startOidcProvider, type OidcProvider } from '../support/oidc';

/**
 * The administrator's registrations screen: people who signed in with a real OIDC provider
 * and applied (register-guest) are approved with a role, or rejected with a reason.
 */
describe('registrations screen in Chromium', () => {
  let t: TestHost;
  let op: OidcProvider;
  let browser: Browser;
  let page: BrowserPage;

  /** A person applies the way the console does it: social sign-in, then register-guest. */
  const apply = async (accountId: string, account: string) => {
    const render = await fetch(`${t.url}/api/bl-auth/oauth/render/corp?tenantId=100001`, { redirect: 'manual' });
    const back = await op.authorize(render.headers.get('location')!, accountId);
    const q = new URLSearchParams({ grantType: 'social', tenantId: '100001', source: 'corp', code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
    const ticket = data(await t.client().post<TokenResponse>(`/api/bl-auth/token?${q}`)).oauthId;
    data(await t.client().post(`/api/bl-system/register-guest?${new URLSearchParams({ tenantId: '100001', name: accountId, account, password: md5('Pass#2026'), oauthId: ticket })}`));
  };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    op = await startOidcProvider();
    process.env.OAUTH_PROVIDERS = JSON.stringify([{ source: 'corp', name: 'Corp SSO', issuer: op.issuer, clientId: 'tpl', clientSecret: 'tpl-secret' }]);
    t = await startTestHost('postgres', WEB_DIST);
    delete process.env.OAUTH_PROVIDERS;
    await op.addClient({ client_id: 'tpl', client_secret: 'tpl-secret', redirect_uris: [`${t.url}/oauth/callback/corp`] });
    await op.addUser('Zoe Huang', { name: 'Zoe Huang', preferred_username: 'zoe', email: 'zoe@corp.example' });
    await op.addUser('Yan Qi', { name: 'Yan Qi', preferred_username: 'yan' });
    await apply('Zoe Huang', 'zoe');
    await apply('Yan Qi', 'yan');
    browser = await launchChromium();
    page = await browser.newPage();
    await signInPage(page, t.url, 'admin', 'admin');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await op?.stop();
  });

  it('approves one application with a role and rejects another with a reason', async () => {
    await page.goto(`${t.url}/system/registrations`);
    await page.getByTestId('registrations-page').waitFor();
    await page.getByTestId('approve-zoe').click();
    await choose(page, 'approve-ok');
    await page.getByTestId('approve-error').getByText('Please select Roles').waitFor();
    await page.getByTestId('approve-roles').click();
    await page.keyboard.type('keeper');
    await page.locator('.ant-select-item-option').filter({ hasText: 'keeper' }).first().click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'registrations-approve.png'), fullPage: true });
    await choose(page, 'approve-ok');
    await page.getByText('Approved: user zoe was created').first().waitFor();
    await page.getByTestId('approve-zoe').waitFor({ state: 'detached' });

    await page.getByTestId('reject-yan').click();
    await choose(page, 'reject-ok');
    await page.getByTestId('reject-error').getByText('Please input the reason').waitFor();
    await page.getByTestId('reject-reason').fill('Not on the staff list');
    await choose(page, 'reject-ok');
    await page.getByTestId('reject-yan').waitFor({ state: 'detached' });

    // every status: both decisions, with who decided
    await page.getByTestId('registrations-status').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'All' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Not on the staff list').waitFor();
    await page.locator('.ant-table .ant-tag').filter({ hasText: /^Approved$/ }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'registrations-list.png'), fullPage: true });

    const admin = await t.client().as('100001', 'admin', 'admin');
    const users = data(await admin.get<Page<{ account: string; roleId: string[] }>>('/api/bl-system/user/list?account=zoe')).records;
    expect(users).toEqual([expect.objectContaining({ account: 'zoe', roleId: ['keeper'] })]);
    expect(data(await admin.get<Page<unknown>>('/api/bl-system/user/list?account=yan')).total).toBe(0);
  });
});
