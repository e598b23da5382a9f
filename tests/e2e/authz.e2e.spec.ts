import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signInPage, SCREENSHOTS, WEB_DIST } from '../support/browser';
import { startTestHost, type TestHost } from '../support/host';
import { data } from '../support/api-client';

/**
 * Button codes in the console: each master-data button shows only for a user whose roles
 * hold its code, and the server refuses the command anyway (both ways).
 */
describe('buttons by permission in Chromium', () => {
  let t: TestHost;
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const signIn = async (account: string, password = 'demo123'): Promise<Page> => signInPage(await browser.newPage(), t.url, account, password);

  const TOOLBAR = ['md-new', 'md-edit', 'md-delete', 'md-export', 'md-import', 'md-template', 'md-reset-password'];
  /** which toolbar buttons the list shows, once its rows are there */
  const toolbar = async (page: Page, entity: string, firstRow: string) => {
    await page.goto(`${t.url}/md/${entity}`);
    await page.getByTestId(`md-row-${firstRow}`).waitFor();
    // the permission call has answered once the view button's neighbours settle
    await page.waitForLoadState('networkidle');
    const shown: string[] = [];
    for (const id of TOOLBAR) if (await page.getByTestId(id).count()) shown.push(id);
    return shown;
  };

  it('shows a keeper the master-data buttons, an auditor only export, and neither the system buttons', async () => {
    const keeper = await signIn('keeper');
    expect(await toolbar(keeper, 'material', 'M0001')).toEqual(['md-new', 'md-edit', 'md-delete', 'md-export', 'md-import', 'md-template']);
    expect(await keeper.getByTestId('md-row-edit-M0001').count()).toBe(1);
    // system administration is not in a keeper's menus: the typed URL shows the 403 page, not the users
    await keeper.goto(`${t.url}/md/user`);
    await keeper.getByTestId('page-forbidden').waitFor();
    expect(await keeper.getByTestId('md-row-keeper').count()).toBe(0);
    await keeper.screenshot({ path: path.join(SCREENSHOTS, 'authz-keeper-user-forbidden.png'), fullPage: true });

    const auditor = await signIn('auditor');
    expect(await toolbar(auditor, 'material', 'M0001')).toEqual(['md-export']);
    expect(await auditor.getByTestId('md-row-edit-M0001').count()).toBe(0);
    await auditor.screenshot({ path: path.join(SCREENSHOTS, 'authz-auditor-materials.png'), fullPage: true });

    const admin = await signIn('admin', 'admin');
    expect(await toolbar(admin, 'user', 'keeper')).toEqual(TOOLBAR);
  });

  it('and the server refuses the hidden commands anyway, until the button is allocated', async () => {
    const auditor = await t.client().as('100001', 'auditor');
    const unit = { code: 'AUD', name: 'Auditor unit', type: 'QUANTITY', rate: 1 };
    expect((await auditor.post('/api/bl-basic/unit/submit', unit)).status).toBe(403);
    const admin = await t.client().as('100001', 'admin', 'admin');
    const role = data(await admin.get<{ records: { id: string; version: number; menus: string[] }[] }>('/api/bl-system/role/list?roleAlias=auditor')).records[0]!;
    data(await admin.post('/api/bl-system/role/submit', { ...role, menus: [...role.menus, 'unit_add'] }));
    expect((await auditor.post('/api/bl-basic/unit/submit', unit)).status).toBe(200);
    const page = await signIn('auditor');
    expect(await toolbar(page, 'unit', 'PCS')).toEqual(['md-new', 'md-export']);
  });

  it('allocates resources to a role through a dialog, only after a confirmation saying what changes (spec 02)', async () => {
    const admin = await t.client().as('100001', 'admin', 'admin');
    const menusOf = async () => data(await admin.get<{ records: { menus?: string[] }[] }>('/api/bl-system/role/list?roleAlias=auditor')).records[0]!.menus ?? [];
    expect(await menusOf()).not.toContain('unit_delete');
    const page = await signIn('admin', 'admin');
    await page.goto(`${t.url}/md/role?roleAlias=auditor`);
    await page.getByTestId('md-row-auditor').locator('.ant-checkbox-input').check();
    await page.getByTestId('role-allocate').click();
    await page.getByTestId('role-menu-tree').waitFor();
    await page.getByTestId('role-menu-search').fill('unit_delete');
    const node = page.getByTestId('menu-node-unit_delete');
    await node.waitFor();
    await page.locator('.ant-tree-treenode', { has: node }).locator('.ant-tree-checkbox').click();
    await page.getByTestId('role-allocate-ok').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toMatch(/Allocate the ticked resources to the role "[^"]+"\? 1 added, 0 taken away/);
    await page.getByTestId('modal-ok').click();
    await page.locator('.ant-message-success').waitFor();
    expect(await menusOf()).toContain('unit_delete');
  });
});
