import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { entityByName } from '@tpl/contracts';
import { streamExport } from '@tpl/documents';
import { launchChromium, signInPage, SCREENSHOTS, WEB_DIST, choose } from '../support/browser';
import { pick } from '../support/console';
import { startTestHost, type TestHost } from '../support/host';

/** The generated master-data screens, each kind once: list, form, tree, import, export. */
describe('master data screens in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    t = await startTestHost('postgres', WEB_DIST, true);
    browser = await launchChromium();
    page = await browser.newPage({ acceptDownloads: true });
    await signInPage(page, t.url, 'admin', 'admin');
  });
  /** the demo menus: each service's entries under a group of a top menu */
  const MENU_OF_SERVICE: Record<string, { top: string; group: string }> = {
    'bl-system': { top: 'admin', group: 'system' },
    'bl-resource': { top: 'admin', group: 'resource' },
    'bl-flow': { top: 'admin', group: 'flowData' },
    'bl-basic': { top: 'data', group: 'basic' },
    'bl-transport': { top: 'data', group: 'transportData' },
  };
  /** opens a menu entry: its top menu chosen, its group unfolded when needed */
  const open = async (entity: string) => {
    const { top, group } = MENU_OF_SERVICE[entityByName(entity)!.service]!;
    await page.getByTestId(`top-menu-${top}`).click();
    const entry = page.getByTestId(`menu-md-${entity}`);
    await page.getByTestId(`menu-${group}`).waitFor();
    if (!(await entry.isVisible())) await page.getByTestId(`menu-${group}`).click();
    await entry.click();
    // the URL changes first, the page follows (navigations render in a transition)
    await page.locator(`.shell-page[data-page="/md/${entity}"]`).waitFor();
  };

  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('lists materials on the server with filters, selection prompts and a column chooser', async () => {
    await open('material');
    await page.getByTestId('md-row-M0001').waitFor();
    // the owners' 200 and the operator's 3 packing materials
    await page.getByText('Total 203').or(page.getByText('203 in total')).or(page.locator('.ant-pagination-total-text')).first().waitFor();
    expect(await page.locator('.ant-pagination-total-text').innerText()).toContain('203');

    await page.getByTestId('md-edit').click();
    await page.getByText('Please select one record').first().waitFor();
    await page.getByTestId('md-delete').click();
    await page.getByText('Please select at least one record').first().waitFor();

    await page.getByTestId('md-filter-code').fill('M0012');
    await page.getByTestId('md-search').click();
    await page.getByTestId('md-row-M0012').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="md-row-M"]').length === 1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'md-material-list.png'), fullPage: true });
  });

  it('creates, edits and shows the history of a customer through the generated form', async () => {
    await open('customer');
    await page.getByTestId('md-new').click();
    // the form is ready when its fields are
    await page.getByTestId('md-field-code').waitFor();
    await page.getByTestId('md-save').click();
    await page.getByText('Please input Customer code').first().waitFor();
    await page.getByTestId('md-field-code').fill('C900');
    await page.getByTestId('md-field-name').fill('Harbor Test Foods');
    await page.getByTestId('md-field-mobile').fill('13800138000');
    await page.getByTestId('md-save').click();
    await page.getByTestId('md-view-page').waitFor();
    expect(await page.getByTestId('md-value-name').innerText()).toContain('Harbor Test Foods');

    await page.getByTestId('md-view-edit').click();
    await page.getByTestId('md-field-name').fill('Harbor Test Foods Ltd');
    await page.getByTestId('md-save').click();
    await page.getByTestId('md-view-page').waitFor();
    await page.getByText('Harbor Test Foods Ltd').first().waitFor();
    await page.getByTestId('md-view-history').click();
    await page.getByTestId('md-history-drawer').waitFor();
    await page.getByTestId('md-history-drawer').getByText('Harbor Test Foods Ltd').first().waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows warehouse areas as a tree that expands', async () => {
    await open('warehousearea');
    await page.getByTestId('md-tree').waitFor();
    await page.getByTestId('md-row-SH1').waitFor();
    expect(await page.getByTestId('md-row-SH1-A').count()).toBe(0);
    await page.getByTestId('md-row-SH1').locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('md-row-SH1-A').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'md-area-tree.png'), fullPage: true });
  });

  it('refuses an import with a failing row, writing nothing, and offers the report', async () => {
    const def = entityByName('unit')!;
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => out.on('end', r));
    async function* rows() {
      yield { code: 'GAL', name: 'Gallon', type: 'VOLUME', rate: 3.785 };
      yield { code: 'BAD', name: 'Bad unit', type: 'VOLUME', rate: 'lots' };
    }
    await streamExport(out, def, 'en', rows());
    await ended;
    const file = path.join(SCREENSHOTS, 'units-with-a-bad-row.xlsx');
    fs.writeFileSync(file, Buffer.concat(chunks));

    await open('unit');
    await page.getByTestId('md-row-PCS').waitFor();
    await page.getByTestId('md-import-input').setInputFiles(file);
    await page.getByTestId('md-import-errors').waitFor();
    expect(await page.getByTestId('md-import-errors').innerText()).toContain('3');
    await page.getByTestId('md-import-report').waitFor();
    await page.getByTestId('md-import-close').click();
    // nothing was written: the good row is not there either
    expect(await page.getByTestId('md-row-GAL').count()).toBe(0);
  });

  it('exports the filtered list to xlsx after a confirmation', async () => {
    await open('warehouseplace');
    await page.getByTestId('md-row-A-01-01').waitFor();
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('md-export').click();
    await choose(page, 'modal-ok');
    const download = await downloaded;
    const saved = path.join(SCREENSHOTS, 'warehouseplace-export.xlsx');
    await download.saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    const sheet = wb.worksheets[0]!;
    expect(sheet.actualRowCount - 1).toBe(60);
  });

  it('syncs materials from the customer\'s file in the material sync dialog: sync date, factory picker, preview with errors, confirm', async () => {
    const sheet = async (name: string, rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('物料');
      ws.addRow(['物料编码', '物料名称', '物料分类', '计量单位', '货主', '工厂', '同步日期']);
      for (const r of rows) ws.addRow(r);
      const file = path.join(SCREENSHOTS, name);
      await wb.xlsx.writeFile(file);
      return file;
    };
    const good = [
      ['M0007', '挂面 500g x20 新包装', 'GRAIN', 'CTN', 'C001', 'F01', '2026-11-10'],
      ['SE01', '荞麦面 1kg x10', 'GRAIN', 'CTN', 'C001', '', ''],
      // another factory's: left out
      ['SE03', '别厂物料', 'GRAIN', 'CTN', 'C001', 'F02', ''],
    ];
    const withBadRow = await sheet('material-sync-bad.xlsx', [...good, ['SE02', '', 'GRAIN', 'CTN', 'C001', '', '']]);
    const fixed = await sheet('material-sync.xlsx', good);

    await open('material');
    await page.getByTestId('md-row-M0001').waitFor();
    await page.getByTestId('material-sync').click();
    // no Kafka on this host: the dialog asks for a file
    await page.getByTestId('material-sync-no-kafka').waitFor();
    const date = page.getByTestId('material-sync-date');
    await date.click();
    await date.fill('2026-11-01');
    await date.press('Enter');
    // the factory by number and name, never typed as a code alone
    await pick(page, 'material-sync-factory', 'F01', 'F01');
    expect(await page.getByTestId('material-sync-factory').innerText()).toContain('安可一厂');

    await page.getByTestId('material-sync-file').setInputFiles(withBadRow);
    await page.getByTestId('material-sync-chosen').waitFor();
    await page.getByTestId('material-sync-preview').click();
    const errors = page.getByTestId('material-sync-rows').getByTestId('md-import-errors');
    await errors.waitFor();
    // the row's error names the field in the user's language
    expect(await errors.innerText()).toMatch(/5\s+Material name/);
    expect(await page.getByTestId('material-sync-confirm').count()).toBe(0);

    await page.getByTestId('material-sync-file').setInputFiles(fixed);
    await page.getByTestId('material-sync-preview').click();
    const summary = page.getByTestId('material-sync-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('1 to create, 1 to update; left out (another factory, or dated before the sync date): 1');
    // references in words: the category, unit, owner and factory by number and name
    expect(await page.getByTestId('material-sync-rows').getByTestId('md-import-preview-rows').innerText()).toContain('F01 安可一厂');
    expect(await page.getByTestId('material-sync-action-2').innerText()).toBe('Update');
    expect(await page.getByTestId('material-sync-action-3').innerText()).toBe('Create');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'md-material-sync.png'), fullPage: true });
    await page.getByTestId('material-sync-confirm').click();
    await page.getByText('Synced: 1 created, 1 updated').first().waitFor();
    await page.getByTestId('material-sync-confirm').waitFor({ state: 'detached' });

    await page.getByTestId('md-filter-code').fill('SE0');
    await page.getByTestId('md-search').click();
    await page.getByTestId('md-row-SE01').waitFor();
    expect(await page.getByTestId('md-row-SE02').count()).toBe(0);
    expect(await page.getByTestId('md-row-SE03').count()).toBe(0);
  });
  it("lists the built-in enumerations read only, each value in every language, beside the tenant's own", async () => {
    await page.getByTestId('top-menu-data').click();
    const entry = page.getByTestId('menu-md-sysenum-builtin');
    await page.getByTestId('menu-basic').waitFor();
    if (!(await entry.isVisible())) await page.getByTestId('menu-basic').click();
    await entry.click();
    await page.locator('.shell-page[data-page="/md/sysenumBuiltin"]').waitFor();
    await page.getByTestId('builtin-enums-table').waitFor();
    await page.getByTestId('builtin-enums-search').locator('input').fill('isinstockbill.stockType');
    await page.getByTestId('builtin-enums-search').locator('input').press('Enter');
    const row = page.getByTestId('builtin-enum-isinstockbill.stockType');
    await row.waitFor();
    expect(await row.textContent()).toContain('Stock type');
    await page.locator('tr', { has: row }).locator('.ant-table-row-expand-icon').click();
    const values = page.getByTestId('builtin-enum-isinstockbill.stockType-values');
    await values.waitFor();
    for (const words of ['正常', 'Normal', '退貨', 'Return', 'NORMAL']) expect(await values.textContent()).toContain(words);
    const shown = (await page.getByTestId('builtin-enums').textContent()) ?? '';
    expect(shown).not.toContain('sysenumBuiltin.');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'builtin-enums.png'), fullPage: true });
    // beside the tenant's own enumerations: one click away
    await page.getByTestId('builtin-enums-own').click();
    await page.locator('.shell-page[data-page="/md/sysenum"]').waitFor();
  });
});
