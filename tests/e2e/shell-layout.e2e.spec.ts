import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { data, type ApiClient } from '../support/api-client';
import { choose, launchChromium, SCREENSHOTS, WEB_DIST } from '../support/browser';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The console shell of spec 01 (sections 2, 4, 6, 9) in Chromium against the real host: menus
 * from the server per top menu, the search box, page tabs with kept-alive pages, the lock,
 * language, theme and colour, the error log and signing out.
 */
/** A box read twice, 100 ms apart, the same both times: where an element stands once its layout has settled. */
const stableBox = async (el: Locator) => {
  let last = await el.boundingBox();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await el.boundingBox();
    if (now && last && now.x === last.x && now.y === last.y && now.width === last.width && now.height === last.height) return now;
    last = now;
  }
  throw new Error('the element never stood still');
};

describe('console shell layout in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let admin: ApiClient;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    t = await startTestHost('postgres', WEB_DIST, true);
    browser = await launchChromium();
    admin = await t.client().as('100001', 'admin', 'admin');
    // a hidden entry under transport, an external page, and a top menu whose only entry is hidden
    const menu = (code: string, name: string, menuPath: string, extra: Record<string, unknown>) =>
      admin.post('/api/bl-system/menu/submit', { code, name, path: menuPath, category: 'MENU', sort: 50, ...extra });
    data(await menu('hidden_entry', 'Hidden entry', '/md/unit', { parentId: 'transport', isShow: 0 }));
    data(await menu('external_docs', 'External docs', 'https://example.com/docs', { parentId: 'transport', isShow: 1 }));
    data(await menu('hidden_root', 'Hidden root', '/md/unit', { isShow: 0 }));
    data(await admin.post('/api/bl-system/topmenu/submit', { menuCode: 'empty', menuName: 'Empty', sort: 9, menus: ['hidden_root'] }));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const signIn = async (page: Page, account = 'admin', password = 'admin') => {
    await page.goto(`${t.url}/login`);
    await page.getByTestId('lang-en').click();
    await page.getByTestId('login-tenant').fill('100001');
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('shell').waitFor();
    return page;
  };
  const newPage = async (width = 1280) => signIn(await browser.newPage({ viewport: { width, height: 720 } }));
  const tabIds = (page: Page) =>
    page.locator('[data-testid^="tab-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('tab-'.length)));
  const closeButtonOf = (page: Page, value: string) => page.locator('.ant-tabs-tab', { has: page.getByTestId(`tab-${value}`) }).locator('.ant-tabs-tab-remove');
  /** navigations render in a transition: the URL changes first, the page follows */
  const shown = (page: Page, value: string) => page.locator(`.shell-page[data-page="${value}"]`).waitFor();
  /** the search box: a label typed, the entry chosen, its page shown */
  const search = async (page: Page, text: string, code: string, value: string) => {
    await page.getByTestId('menu-search').fill(text);
    await choose(page, `search-option-${code}`);
    await page.waitForURL(`**${value}`);
    await shown(page, value);
  };
  const topSelected = (page: Page, code: string) =>
    page.locator('.shell-top-menu .ant-menu-item-selected', { has: page.getByTestId(`top-menu-${code}`) }).waitFor();

  it('shows the side menu of the chosen top menu, hides hidden entries, says when a top menu has none, and searches leaves', async () => {
    // wide enough for the four top menus of this test side by side in English (narrower, the
    // last ones go to the menu's overflow entry)
    const page = await newPage(1600);
    // the top menus from the server, the refresh entry last
    await page.getByTestId('top-menu-empty').waitFor();
    const tops = await page.locator('[data-testid^="top-menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(tops).toEqual(['top-menu-work', 'top-menu-data', 'top-menu-admin', 'top-menu-empty', 'top-menu-refresh']);
    const widths = await page.locator('.shell-top-menu > .ant-menu-item').evaluateAll((els) => els.slice(0, 2).map((e) => Math.round(e.getBoundingClientRect().width)));
    // minimum widths: a longer English label widens its item instead of overlapping the next
    expect(widths[0]).toBeGreaterThanOrEqual(80);
    expect(widths[1]).toBeGreaterThanOrEqual(114);
    const [first, second] = await page.locator('.shell-top-menu > .ant-menu-item').evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect()));
    expect(first!.right).toBeLessThanOrEqual(second!.left);

    await page.getByTestId('top-menu-work').click();
    await page.getByTestId('menu-transport').waitFor();
    if (!(await page.getByTestId('menu-consignment').isVisible())) await page.getByTestId('menu-transport').click();
    await page.getByTestId('menu-consignment').waitFor();
    await page.getByTestId('menu-external-docs').waitFor();
    expect(await page.getByTestId('menu-hidden-entry').count()).toBe(0);
    expect(await page.getByTestId('menu-basic').count()).toBe(0);

    await page.getByTestId('top-menu-data').click();
    await page.getByTestId('menu-basic').waitFor();
    expect(await page.getByTestId('menu-transport').count()).toBe(0);

    await page.getByTestId('top-menu-empty').click();
    await page.getByTestId('menu-empty').getByText('Top menu [Empty] has no menus assigned yet').waitFor();

    // refresh reloads the menus (and the buttons) and keeps the shell where it was
    await page.getByTestId('top-menu-refresh').click();
    await page.getByText('Menus refreshed').waitFor();

    // search: a label prefix, any case, among the leaves of every top menu; choosing goes there
    await search(page, 'cUSt', 'md_customer', '/md/customer');
    await topSelected(page, 'data');
    await page.waitForFunction(() => document.title === 'Customer - 3PL Operations Console');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-menus.png') });

    // an external entry goes through the frame route with its URL and name
    await page.getByTestId('top-menu-work').click();
    await page.getByTestId('menu-external-docs').click();
    // the route's address is enough: the framed page (an outside address this closed network never loads) may keep the load event waiting
    await page.waitForURL((url) => url.pathname === '/myiframe/urlPath', { waitUntil: 'commit' });
    const framed = new URL(page.url());
    expect(framed.searchParams.get('src')).toBe('https://example.com/docs');
    expect(framed.searchParams.get('name')).toBe('External docs');
    await page.getByTestId('tab-/myiframe/urlPath').getByText('External docs').waitFor();
    await page.close();
  });

  it('opens a tab per page, keeps a page alive across tab switches with its scroll, and closes tabs', async () => {
    const page = await newPage();
    await page.getByTestId('top-menu-work').click();
    if (!(await page.getByTestId('menu-consignment').isVisible())) await page.getByTestId('menu-transport').click();
    await page.getByTestId('menu-consignment').click();
    await page.waitForURL('**/consignmentOrderbill');
    await shown(page, '/consignmentOrderbill');
    await search(page, 'Material', 'md_material', '/md/material');
    await page.getByTestId('md-row-M0001').waitFor();
    await search(page, 'Customer', 'md_customer', '/md/customer');
    await page.getByTestId('md-filter-code').fill('C-kept-alive');
    expect(await tabIds(page)).toEqual(['/wel/index', '/consignmentOrderbill', '/md/material', '/md/customer']);

    // a tab switch shows the tab's page
    await page.getByTestId('tab-/consignmentOrderbill').click();
    await page.waitForURL('**/consignmentOrderbill');
    await shown(page, '/consignmentOrderbill');
    await page.getByTestId('new-button').waitFor();

    // the typed filter survives a tab switch: the page was kept, not mounted again
    await page.getByTestId('tab-/md/customer').click();
    await page.waitForURL('**/md/customer');
    await shown(page, '/md/customer');
    expect(await page.getByTestId('md-filter-code').inputValue()).toBe('C-kept-alive');
    // hidden pages are out of the document: one filter box, the shown page's
    expect(await page.getByTestId('md-filter-code').count()).toBe(1);

    // a kept-alive page comes back where it was scrolled to; a page newly shown starts at the top
    await page.getByTestId('tab-/md/material').click();
    await page.waitForURL('**/md/material');
    await shown(page, '/md/material');
    await page.setViewportSize({ width: 1280, height: 480 });
    const scrolled = await page.evaluate(() => Math.min(300, document.documentElement.scrollHeight - window.innerHeight));
    expect(scrolled).toBeGreaterThan(100);
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    await page.waitForFunction((y) => window.scrollY === y, scrolled);
    await page.getByTestId('tab-/md/customer').click();
    await page.waitForURL('**/md/customer');
    await shown(page, '/md/customer');
    await page.waitForFunction(() => window.scrollY === 0);
    await page.getByTestId('tab-/md/material').click();
    await page.waitForURL('**/md/material');
    await shown(page, '/md/material');
    await page.waitForFunction((y) => window.scrollY === y, scrolled);

    // close one (the shown one: its neighbour is shown)
    await closeButtonOf(page, '/md/material').click();
    await page.waitForURL('**/md/customer');
    await shown(page, '/md/customer');
    await shown(page, '/md/customer');
    expect(await tabIds(page)).toEqual(['/wel/index', '/consignmentOrderbill', '/md/customer']);
    // the home tab cannot close
    expect(await closeButtonOf(page, '/wel/index').count()).toBe(0);
    // a closed page is dropped: opened again, it starts afresh
    await search(page, 'Material', 'md_material', '/md/material');
    await page.getByTestId('md-row-M0001').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('tab-/md/customer').click();
    await shown(page, '/md/customer');
    expect(await page.getByTestId('md-filter-code').inputValue()).toBe('C-kept-alive');

    // close others: home and the shown one stay
    await page.getByTestId('tabs-actions').click();
    await choose(page, 'tabs-close-others');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="tab-/"]').length === 2);
    expect(await tabIds(page)).toEqual(['/wel/index', '/md/customer']);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-tabs.png') });

    // close all: only home, shown
    await page.getByTestId('tabs-actions').click();
    await choose(page, 'tabs-close-all');
    await page.waitForURL('**/wel/index');
    expect(await tabIds(page)).toEqual(['/wel/index']);
    expect(await closeButtonOf(page, '/wel/index').count()).toBe(0);
    await page.close();
  });

  it('locks with a lock password: every navigation goes to /lock until the right password', async () => {
    const page = await newPage();
    await page.getByTestId('lock-button').click();
    // the dialog's form is there before its button is pressed; the press is a click event (a
    // pointer click while the dialog still zooms in can land on its mask, which closes it)
    await page.getByTestId('lock-password').waitFor();
    await choose(page, 'lock-submit');
    await page.getByText('The lock password cannot be empty').waitFor();
    await page.getByTestId('lock-password').fill('s3cret');
    await choose(page, 'lock-submit');
    await page.waitForURL('**/lock');

    for (const where of ['/md/customer', '/consignmentOrderbill', '/', '/login']) {
      await page.goto(`${t.url}${where}`);
      await page.waitForURL('**/lock');
      await page.getByTestId('lock-page').waitFor();
    }
    await page.getByTestId('unlock-password').fill('wrong');
    await page.getByTestId('unlock-submit').click();
    await page.getByTestId('unlock-wrong').getByText('Wrong lock password, please try again').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-lock.png') });
    await page.getByTestId('unlock-password').fill('s3cret');
    await page.getByTestId('unlock-submit').click();
    await page.getByTestId('shell').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/lock');

    // the password is remembered: locking again goes straight to /lock
    await page.getByTestId('lock-button').click();
    await page.waitForURL('**/lock');
    await page.getByTestId('unlock-password').fill('s3cret');
    await page.getByTestId('unlock-submit').click();
    await page.getByTestId('shell').waitFor();
    await page.close();
  });

  /** waits for the page's title; a failure says what the title, the saved language and the open menu were */
  const titled = async (page: Page, title: string) => {
    await page.waitForFunction((want) => document.title === want, title, { timeout: 15_000 }).catch(async (e: unknown) => {
      const seen = await page.evaluate(() => ({
        title: document.title,
        saved: localStorage.getItem('tpl.language'),
        menu: Array.from(document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid^="top-lang-"]')).map((el) => el.getAttribute('data-testid')),
      }));
      throw new Error(`the title is not "${title}": ${JSON.stringify(seen)} (${String(e)})`);
    });
  };

  it('switches the language, retitles the page and keeps the choice after a reload', async () => {
    const page = await newPage();
    await search(page, 'Customer', 'md_customer', '/md/customer');
    await titled(page, 'Customer - 3PL Operations Console');

    await page.getByTestId('top-lang').click();
    await choose(page, 'top-lang-zh');
    await titled(page, '客户 - 三方物流运营控制台');
    await page.getByTestId('top-menu-data').getByText('基础资料').waitFor();
    await page.reload();
    await titled(page, '客户 - 三方物流运营控制台');

    await page.getByTestId('top-lang').click();
    await choose(page, 'top-lang-mo');
    await titled(page, '客戶 - 三方物流營運控制台');
    await page.getByTestId('tab-/md/customer').getByText('客戶').waitFor();
    await page.reload();
    await titled(page, '客戶 - 三方物流營運控制台');

    await page.getByTestId('top-lang').click();
    await choose(page, 'top-lang-en');
    await titled(page, 'Customer - 3PL Operations Console');
    await page.close();
  });

  it('applies a theme and a primary colour, both kept after a reload', async () => {
    const page = await newPage();
    expect(await page.evaluate(() => document.body.className)).toContain('theme-default');
    await search(page, 'Customer', 'md_customer', '/md/customer');
    const primary = page.getByTestId('md-search');
    await primary.waitFor();
    const background = () => primary.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(64, 158, 255)'); // #409EFF

    await page.getByTestId('theme-picker').click();
    await choose(page, 'theme-star');
    await page.waitForFunction(() => document.body.classList.contains('theme-star') && !document.body.classList.contains('theme-default'));
    const siderBefore = await page.getByTestId('shell-sider').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(siderBefore).toContain('gradient');

    await page.getByTestId('color-picker').click();
    // a click event on the swatch, as choose() does: the picker's popup may still be sliding open under a pointer click
    const swatch = page.locator('.ant-color-picker-presets-color').nth(7); // #F5222D
    await swatch.waitFor();
    await swatch.dispatchEvent('click');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="md-search"]')!).backgroundColor === 'rgb(245, 34, 45)');
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-theme-star.png') });

    await page.reload();
    await primary.waitFor();
    expect(await page.evaluate(() => document.body.className)).toContain('theme-star');
    expect(await background()).toBe('rgb(245, 34, 45)');

    await page.getByTestId('theme-picker').click();
    await choose(page, 'theme-white');
    await page.waitForFunction(() => document.body.classList.contains('theme-white'));
    expect(await page.getByTestId('shell-sider').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.close();
  });

  /** The local log's entries once none of `sent` is in it (what is left: entries logged meanwhile). */
  const sentLeft = async (page: Page, sent: string[]) =>
    (await page
      .waitForFunction((messages) => {
        const log = JSON.parse(localStorage.getItem('tpl.errorLog') ?? '[]') as { type: string; message: string }[];
        return log.some((e) => messages.some((m) => e.message.includes(m))) ? null : log;
      }, sent)
      .then((h) => h.jsonValue())) as { type: string; message: string }[];

  it('collects errors in the local log: badge, upload (发送成功!) listed by the server, clear (清空成功!)', async () => {
    const page = await newPage();
    expect(await page.getByTestId('error-log-badge').locator('.ant-badge-count').count()).toBe(0);
    const logError = (text: string) => page.evaluate((m) => setTimeout(() => { throw new Error(m); }), text);
    await logError('e2e shell failure one');
    await page.getByTestId('error-log-badge').locator('.ant-badge-count').getByText('1').waitFor();
    await logError('e2e shell failure two');
    await page.getByTestId('error-log-badge').locator('.ant-badge-count').getByText('2').waitFor();

    await page.getByTestId('error-log-button').click();
    await page.getByTestId('error-log-message').getByText('e2e shell failure one').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-error-log.png') });
    await page.getByTestId('error-log-upload').click();
    await page.getByTestId('error-log-upload-ok').click();
    await page.getByText('Sent successfully!').waitFor();
    // the sent entries leave the local log, and the badge counts what is left: none, unless the
    // page logged an error of its own meanwhile (a call that timed out on a loaded machine), which
    // stays to be sent and is named here
    const left = await sentLeft(page, ['e2e shell failure one', 'e2e shell failure two']);
    if (left.length) throw new Error(`the local log kept, after the upload: ${left.map((e) => `${e.type} ${e.message}`).join('; ')}`);
    await page.getByTestId('error-log-badge').locator('.ant-badge-count').waitFor({ state: 'detached' });
    const listed = data(await admin.get<{ records: { message: string; account: string }[] }>('/api/bl-system/error-log/list'));
    expect(listed.records.map((r) => r.message)).toEqual(expect.arrayContaining(['e2e shell failure one', 'e2e shell failure two'].map((m) => expect.stringContaining(m))));

    await logError('e2e shell failure three');
    await page.getByTestId('error-log-badge').locator('.ant-badge-count').getByText('1').waitFor();
    await page.getByTestId('error-log-button').click();
    await page.getByTestId('error-log-clear').click();
    await page.getByTestId('error-log-clear-ok').click();
    await page.getByText('Cleared successfully!').waitFor();
    await page.getByTestId('error-log-badge').locator('.ant-badge-count').waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows 7 page numbers from 992 px and 5 under it, and keeps a dialog dragged smaller at 400 by 300 at least (spec 01 section 9)', async () => {
    // tall enough that the whole dialog, its lower corner included, is on the screen
    const page = await signIn(await browser.newPage({ viewport: { width: 1200, height: 1100 } }));
    // a hundred local log entries: ten pages of the log dialog's list
    await page.evaluate(() =>
      localStorage.setItem('tpl.errorLog', JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ type: 'error', url: '/x', message: `paged ${i}`, stack: '', time: new Date().toISOString(), info: '' })))),
    );
    await page.reload();
    await page.getByTestId('error-log-button').click();
    const frame = page.getByTestId('dialog-frame').filter({ has: page.getByTestId('error-log-table') });
    await frame.locator('[data-testid="pager"][data-pager-count="7"]').waitFor();
    expect(await frame.getByTestId('pager-item').count()).toBe(7);
    await page.setViewportSize({ width: 900, height: 1100 });
    await frame.locator('[data-testid="pager"][data-pager-count="5"]').waitFor();
    expect(await frame.getByTestId('pager-item').count()).toBe(5);
    await page.setViewportSize({ width: 1200, height: 1100 });
    await frame.locator('[data-testid="pager"][data-pager-count="7"]').waitFor();

    // moved by its header, once it stands still (the viewport's change re-centres it)
    const before = await stableBox(frame);
    const header = (await frame.locator('.ant-modal-header').boundingBox())!;
    await page.mouse.move(header.x + 40, header.y + header.height / 2);
    await page.mouse.down();
    await page.mouse.move(header.x - 60, header.y + header.height / 2 + 50, { steps: 5 });
    await page.mouse.up();
    const moved = await stableBox(frame);
    expect([Math.round(moved.x - before.x), Math.round(moved.y - before.y)]).toEqual([-100, 50]);
    // its corner dragged far up and left: it stops at 400 by 300
    const corner = (await frame.getByTestId('dialog-resize').boundingBox())!;
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(5, 5, { steps: 5 });
    await page.mouse.up();
    const small = (await frame.boundingBox())!;
    expect([Math.round(small.width), Math.round(small.height)]).toEqual([400, 300]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-dialog-min.png') });
    await page.close();
  });

  it('folds the sidebar to the small logo, and on a small screen after every navigation', async () => {
    const page = await newPage();
    await page.getByTestId('logo-wide').waitFor();
    await page.getByTestId('sider-toggle').click();
    await page.getByTestId('logo-small').waitFor();
    await page.getByTestId('sider-toggle').click();
    await page.getByTestId('logo-wide').waitFor();

    await page.setViewportSize({ width: 900, height: 1100 }); // class 1
    await page.waitForFunction(() => document.querySelector('[data-testid="shell"]')?.getAttribute('data-screen') === '1');
    await search(page, 'Customer', 'md_customer', '/md/customer');
    await page.getByTestId('logo-small').waitFor();
    await page.getByTestId('sider-toggle').click();
    await page.getByTestId('logo-wide').waitFor();
    if (!(await page.getByTestId('menu-md-material').isVisible())) await page.getByTestId('menu-basic').click();
    await page.getByTestId('menu-md-material').click();
    await page.waitForURL('**/md/material');
    await shown(page, '/md/material');
    await page.getByTestId('logo-small').waitFor();
    expect(await page.getByTestId('shell-sider').getAttribute('data-collapsed')).toBe('true');
    await page.close();
  });

  it('signs out only after the confirm', async () => {
    const page = await newPage();
    await page.getByTestId('user-menu').click();
    await choose(page, 'logout-button');
    await choose(page, 'logout-cancel');
    await page.getByTestId('shell').waitFor();
    await page.getByTestId('user-menu').click();
    await choose(page, 'logout-button');
    await choose(page, 'logout-ok');
    await page.waitForURL('**/login');
    await page.goto(`${t.url}/md/customer`);
    await page.waitForURL('**/login');
    await page.close();
  });
});
