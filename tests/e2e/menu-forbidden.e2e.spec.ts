import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signInPage, SCREENSHOTS, WEB_DIST } from '../support/browser';
import { startTestHost, type TestHost } from '../support/host';

/**
 * A typed URL the user's menus do not grant shows the 403 page, not the screen (issue 28 item 6):
 * a dispatcher typing /md/role, a cargo owner typing the fee agreements or the inbox. The same
 * browser shows a page the menus do grant, and the administrator the roles, so the 403 is the
 * menus' and not the page's; nothing of the forbidden screen's data is even asked for.
 */
describe('routes the menus do not grant, in Chromium', () => {
  let t: TestHost;
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** Opens a typed URL; says whether it showed the 403 page, and which list calls it made. */
  const typed = async (page: Page, url: string, shows: string) => {
    const asked: string[] = [];
    const listen = (r: { url(): string }) => {
      if (r.url().includes('/list')) asked.push(new URL(r.url()).pathname);
    };
    page.on('request', listen);
    await page.goto(`${t.url}${url}`);
    await page.locator(`[data-testid="page-forbidden"], [data-testid="${shows}"]`).first().waitFor();
    // the page settles: nothing more is asked for
    await page.waitForLoadState('networkidle');
    page.off('request', listen);
    return { forbidden: (await page.getByTestId('page-forbidden').count()) > 0, asked };
  };

  it('a dispatcher typing /md/role sees 403; its own master data shows; the administrator sees the roles', async () => {
    const page = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'dispatcher');
    const roles = await typed(page, '/md/role', 'md-list-role');
    expect(roles.forbidden).toBe(true);
    expect(roles.asked.filter((p) => p.startsWith('/api/bl-system/role'))).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-forbidden-dispatcher-role.png'), fullPage: true });
    // a form under the entry it is not granted is no way round
    expect((await typed(page, '/md/role/new', 'md-form-title')).forbidden).toBe(true);
    // its own entries show their screens
    expect((await typed(page, '/md/basiccar', 'md-list-basiccar')).forbidden).toBe(false);
    await page.close();

    const admin = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'admin', 'admin');
    expect((await typed(admin, '/md/role', 'md-list-role')).forbidden).toBe(false);
    await admin.close();
  });

  it('a cargo owner typing the fee agreements or the inbox sees 403; its own orders show', async () => {
    const page = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'owner');
    const agreements = await typed(page, '/md/lgagreement', 'md-list-lgagreement');
    expect(agreements.forbidden).toBe(true);
    expect(agreements.asked.filter((p) => p.startsWith('/api/bl-basic/lgagreement'))).toEqual([]);
    expect((await typed(page, '/flowable/work/todo', 'inbox-todo')).forbidden).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-forbidden-owner.png'), fullPage: true });
    const orders = await typed(page, '/consignmentOrderbill', 'doc-list-consignment');
    expect(orders.forbidden).toBe(false);
    expect(orders.asked).toContain('/api/bl-transport/consignment/list');
    await page.close();
  });
});
