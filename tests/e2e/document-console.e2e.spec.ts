import fs from 'node:fs';
import ExcelJS from 'exceljs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Page as Paged } from '@tpl/contracts';
import { data, type ApiClient } from '../support/api-client';
import { launchChromium, signInPage, SCREENSHOTS, visit, WEB_DIST } from '../support/browser';
import { pickRef } from '../support/consignment-form';
import { lineInput, pick, save } from '../support/console';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The generic document console (web/src/features/documents) on the consignment order, for
 * what its description adds to a form and a list: a picked customer fills the consignor, a
 * picked material its line's name, the spec's "details cannot be empty" and "a material
 * already in the details cannot be quoted again", the totals as they are typed, and the
 * list's "select one" / "select at least one".
 */
describe('document console in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let admin: ApiClient;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true), launchChromium()]);
    admin = await t.client().as('100001', 'admin', 'admin');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const newForm = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, t.url, 'admin', 'admin');
    await page.goto(`${t.url}/consignmentOrderbill/consignmentOrderbillAdd`);
    await page.getByTestId('save-button').waitFor();
    return page;
  };

  it('fills the consignor from the picked customer and each line from its material; sums the lines as they are typed', async () => {
    const customer = data(await admin.get<Paged<Record<string, string>>>('/api/bl-basic/customer/list?code=C001')).records[0]!;
    const material = data(await admin.get<Paged<Record<string, string>>>('/api/bl-basic/material/list?code=M0007')).records[0]!;
    const page = await newForm();
    // what the user typed first stays: only empty consignor fields are filled
    await page.getByTestId('consignor-mobile').fill('13911112222');
    await pickRef(page, 'customerCode', 'C001');
    await page.waitForFunction(() => (document.querySelector('[data-testid="consignor-linkman"]') as HTMLInputElement | null)?.value !== '');
    expect(await page.getByTestId('consignor-linkman').inputValue()).toBe(customer.linkman);
    expect(await page.getByTestId('consignor-name').inputValue()).toBe(customer.fullName || customer.name);
    expect(await page.getByTestId('consignor-mobile').inputValue()).toBe('13911112222');

    await pickRef(page, 'line-0-materialCode', 'M0007');
    expect(await page.getByTestId('line-0-name').inputValue()).toBe(material.name);
    await page.getByTestId('line-0-qty').fill('10');
    await page.getByTestId('add-line').click();
    await page.getByTestId('line-1-qty').fill('2.5');
    await page.locator('[data-testid="form-total-qty"]', { hasText: '12.5' }).waitFor();
    await page.close();
  });

  it('refuses empty details and a material quoted twice, in the server\'s words', async () => {
    const page = await newForm();
    await page.getByTestId('remove-line-0').click();
    await page.getByTestId('save-button').click();
    await page.getByText('Details or work items cannot be empty').first().waitFor();

    await page.getByTestId('add-line').click();
    await page.getByTestId('add-line').click();
    await pickRef(page, 'line-0-materialCode', 'M0007');
    // the first picker's list has gone before the second one opens (both would offer M0007)
    await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
    await pickRef(page, 'line-1-materialCode', 'M0007');
    // (lines are compared once each of them is complete, as the server compares them)
    await page.getByTestId('line-0-qty').fill('1');
    await page.getByTestId('line-1-qty').fill('2');
    await page.getByTestId('save-button').click();
    await page.getByText('Line 2 Material code is already in the details and cannot be quoted again').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'document-form-duplicate.png'), fullPage: true });
    await page.close();
  });

  it('quotes two materials in one go, each line filled as a pick fills it, and refuses them when quoted again (issue 30)', async () => {
    // an order's materials are its customer's: C003's first two
    const materials = data(await admin.get<Paged<Record<string, string>>>('/api/bl-basic/material/list?size=10&invalid=0&custCode=C003')).records.slice(0, 2);
    expect(materials).toHaveLength(2);
    const page = await newForm();
    await pickRef(page, 'customerCode', 'C003');
    await page.locator('[data-testid="quote-materials"]:not([disabled])').waitFor();
    const tick = async (code: string) => {
      await page.getByTestId('quote-search').fill(code);
      await page.getByTestId(`quote-row-${code}`).locator('.ant-checkbox-input').check();
    };
    await page.getByTestId('quote-materials').click();
    for (const m of materials) await tick(m.code!);
    await page.getByTestId('quote-add').click();
    // the empty line the form starts with gave way: one line per material, its name filled from it
    await page.getByTestId('line-1-name').waitFor();
    expect(await page.getByTestId('line-2-name').count()).toBe(0);
    for (const [i, m] of materials.entries()) expect(await page.getByTestId(`line-${i}-name`).inputValue()).toBe(m.name);

    await page.getByTestId('quote-materials').click();
    await page.getByTestId('quote-search').fill(materials[0]!.code!);
    const row = page.getByTestId(`quote-row-${materials[0]!.code}`);
    await row.waitFor();
    expect(await row.locator('.ant-checkbox-input').isChecked()).toBe(true);
    expect(await row.locator('.ant-checkbox-input').isDisabled()).toBe(true);
    expect(await page.getByTestId(`quote-refused-${materials[0]!.code}`).innerText()).toContain('is already in the details and cannot be quoted again');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'document-quote-refused.png'), fullPage: true });
    await page.locator('.ant-modal-close').click();

    // a booking's materials are its owner's: until the owner is chosen the button says so
    await visit(page, t.url, '/warehousingManagement/orderIsinstockbillForm');
    const quote = page.getByTestId('quote-materials');
    expect(await quote.innerText()).toContain('choose the Cargo owner first');
    expect(await quote.isDisabled()).toBe(true);
    await pickRef(page, 'customerCode', 'C001');
    await page.locator('[data-testid="quote-materials"]:not([disabled])', { hasText: 'Quote materials' }).waitFor();
    await page.close();
  });

  it('an inbound bill\'s common fields: the amount is price x qty as typed, the saved bill shows the currency in words, its company and maker by name (issue 30)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, t.url, 'admin', 'admin');
    await visit(page, t.url, '/warehousingManagement/isinstockbillForm');
    await pick(page, 'customerCode', 'C001');
    await pick(page, 'warehouseAreaCode', 'SH1-A');
    await pick(page, 'stockType', '', 'Normal');
    // one of the owner's materials
    await pick(page, 'line-0-materialCode', 'M0007');
    await lineInput(page, 0, 'qty').fill('7.5');
    await lineInput(page, 0, 'price').fill('12.3456');
    await lineInput(page, 0, 'spareString1').fill('PO-778');
    // 7.5 x 12.3456 = 92.592: 92.59, exact, read-only under the price
    await page.locator('[data-testid="form-total-amount"]', { hasText: '92.59' }).waitFor();
    await save(page);
    expect(await page.getByTestId('total-amount').innerText()).toBe('92.59');
    // the unit price at its own four decimals, as saved
    await page.getByTestId('document-details').getByText('12.3456').first().waitFor();
    // left empty: the tenant's currency (in words, never its code), the area's warehouse's company by number and name
    expect(await page.getByTestId('detail-currencyCode').innerText()).toContain('Chinese yuan');
    expect(await page.getByTestId('detail-companyCode').innerText()).toContain('HB01');
    expect(await page.getByTestId('detail-currencyRate').innerText()).toBe('1');
    await page.getByText('PO-778').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'document-common-fields.png'), fullPage: true });
    await page.close();
  });

  it('asks to select one document to view or edit, and at least one to delete', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, t.url, 'admin', 'admin');
    await page.goto(`${t.url}/consignmentOrderbill`);
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByTestId('view-button').click();
    await page.locator('.ant-message-notice', { hasText: 'Please select one record' }).waitFor();
    await page.getByTestId('delete-button').click();
    await page.locator('.ant-message-notice', { hasText: 'Please select at least one record' }).waitFor();

    // one selected: view opens it
    const first = page.locator('.ant-table-tbody .ant-table-row').first();
    const billNo = ((await first.getAttribute('data-testid')) ?? '').replace(/^doc-row-/, '');
    await first.locator('.ant-checkbox-input').check();
    await page.getByTestId('view-button').click();
    await page.waitForURL(/\/consignmentOrderbill\/consignmentOrderbillView\/[0-9a-f-]{36}$/);
    expect((await page.getByTestId('view-billNo').innerText()).trim()).toBe(billNo);
    await page.close();
  });

  it('exports a document list after the confirmation, and previews an import with its failing row (issue 30)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, t.url, 'admin', 'admin');
    await page.goto(`${t.url}/warehousingManagement/orderIsinstockbill`);
    await page.getByTestId('doc-export').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('modal-ok').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    const material = data(await admin.get<Paged<{ code: string }>>('/api/bl-basic/material/list?size=50&custCode=C001')).records[0]!;
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('预约入库单');
    sheet.addRow(['货主', '库区', '出入库类型', '来源单号', '预计到货日期', '物料', '数量']);
    sheet.addRow(['C001', 'SH1-A', '正常', 'E2E-IMP-1', '2026-12-20', material.code, 5]);
    sheet.addRow(['C001', 'SH1-A', '正常', 'E2E-IMP-1', '2026-12-20', material.code, -2]);
    const file = path.join(SCREENSHOTS, 'booking-import.xlsx');
    await wb.xlsx.writeFile(file);
    await page.getByTestId('doc-import').click();
    await page.getByTestId('doc-import-input').setInputFiles(file);
    const errors = page.getByTestId('doc-import-errors');
    await errors.waitFor();
    expect(await errors.innerText()).toContain('Quantity');
    await page.getByTestId('doc-import-row-3').waitFor();
    expect(await page.getByTestId('doc-import-confirm').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'document-import-preview.png'), fullPage: true });
    await page.close();
  });
});
