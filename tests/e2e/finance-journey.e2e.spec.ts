import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { BILLING_REPORT_MENUS, monthbill } from '@tpl/contracts';
import { previousMonth } from '@tpl/warehouse';
import { data, type ApiClient } from '../support/api-client';
import { launchChromium, signInPage, SCREENSHOTS, WEB_DIST, choose, visit } from '../support/browser';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The finance journey in Chromium (issue 15 item 7) on the demo month (last month's receipts,
 * shipments and days of storage of C001 and C002, seeded through the warehouse documents):
 * finance generates last month's bills on the month bills' list, checks C001's, opens the
 * explain drawer on its storage charge down to the days (and a day's receipt lines) and on its
 * inbound handling charge down to the receipt lines, recomputes it from the events (equal to the
 * cent), downloads the bill as a PDF (its text read
 * back) and the cost-bill report as xlsx (parsed); then the cargo owner of C001 signs in, finds
 * its own bill only, explains it and confirms it, and cannot open C002's.
 */
const READER = path.join(__dirname, '..', 'api', 'warehouse-print.pdf-text.mjs');
const pdfText = (pdf: Buffer): string[] =>
  (JSON.parse(execFileSync(process.execPath, [READER], { input: pdf, maxBuffer: 16 * 1024 * 1024 }).toString('utf8')) as string[]).map((p) => p.replace(/\s+/g, ''));
const LIST = monthbill.routes.list;
const COSTBILL_REPORT = BILLING_REPORT_MENUS.find((m) => m.report === 'costbill')!.path;
type Bill = { id: string; billNo: string; customerCode: string; state: string; storageCost: number; inStockCoolieCost: number; totalCost: number };

describe('finance journey in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let admin: ApiClient;
  let page: Page;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const month = previousMonth(today);
  let c001: Bill;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true, { demoMonth: true }), launchChromium()]);
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const bills = async () => data(await admin.get<{ records: Bill[] }>(`/api/bl-billing/monthbill/list?month=${month}&size=50`)).records;
  const receipts = async (customerCode: string) =>
    data(await admin.get<{ records: { billNo: string; billDate: string }[] }>(`/api/bl-warehouse/isinstockbill/list?customerCode=${customerCode}&size=50`)).records.filter((r) => r.billDate.startsWith(month));
  const money = (v: number) => v.toFixed(2);

  it('finance generates last month on the month bills list and checks C001 bill', async () => {
    page = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'finance');
    await visit(page, t.url, LIST);
    await page.getByTestId('doc-list-monthbill').waitFor();
    await page.getByTestId('monthbill-generate').click();
    const picker = page.getByTestId('monthbill-generate-month');
    await picker.click();
    await picker.fill(month);
    await picker.press('Enter');
    await page.getByTestId('monthbill-generate-ok').click();
    // the list is read again with the new bills
    await page.locator('[data-testid^="doc-row-"]', { hasText: 'C001' }).filter({ hasText: month }).first().waitFor();
    const made = await bills();
    c001 = made.find((b) => b.customerCode === 'C001')!;
    expect(c001).toBeDefined();
    expect(made.find((b) => b.customerCode === 'C002')!.totalCost).toBeGreaterThan(0);
    expect(c001.storageCost).toBeGreaterThan(0);
    expect(c001.inStockCoolieCost).toBe(210);

    // open it from its row and check it
    await page.getByTestId(`view-${c001.billNo}`).click();
    await page.getByTestId('view-billNo').filter({ hasText: c001.billNo }).waitFor();
    await page.getByTestId('action-check').click();
    await choose(page, 'modal-ok');
    await page.getByTestId('view-state').filter({ hasText: 'Checked' }).waitFor();
  });

  it('explains the storage charge down to its days, and a day down to its receipt lines', async () => {
    await page.getByTestId('explain-open-1-STORAGE').click();
    const drawer = page.getByTestId('explain-drawer');
    await drawer.getByTestId('explain-days').waitFor();
    expect(await drawer.getByTestId('explain-total').textContent()).toBe(money(c001.storageCost));
    // the 5th: 5.2 t at the day's end (600 x 6 kg + 400 x 4 kg), tier 1 of AG-C001-2026 at 1.5 per tonne-day
    const day5 = drawer.locator(`tr[data-day="${month}-05"]`);
    await day5.waitFor();
    const cells = await day5.locator('td').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining([`${month}-05`, '1000', '5.2', 'Tier 1', '1.5', '7.80']));
    // the area and the agreement's version in words: code and name, the version by when it was made
    expect(cells.find((c) => c.startsWith('SH1-A'))).toMatch(/^SH1-A \S/);
    expect(await day5.innerText()).toMatch(/AG-C001-2026 .+ · .*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // one row per day from the 3rd (the first receipt) to the month's end
    const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
    expect(await drawer.locator('tr[data-day]').count()).toBe(days - 2);
    // the 3rd, the day the goods arrived, opens the receipt's lines
    const [first] = await receipts('C001').then((r) => r.filter((x) => x.billDate === `${month}-03`));
    await drawer.locator(`tr[data-day="${month}-03"] .ant-table-row-expand-icon`).click();
    const facts = drawer.getByTestId(`explain-day-facts-${month}-03`);
    await facts.waitFor();
    expect(await facts.getByText(first!.billNo).count()).toBe(2);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'finance-explain-storage.png'), fullPage: true });
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('explains the inbound handling charge down to its stream lines', async () => {
    await page.getByTestId('explain-open-1-INBOUND').click();
    const drawer = page.getByTestId('explain-drawer');
    const lines = drawer.getByTestId('explain-stream-lines');
    await lines.waitFor();
    expect(await drawer.getByTestId('explain-total').textContent()).toBe('210.00');
    // three receipt lines: the 3rd's two and the 12th's one, each with its bill number, line, tonnes and the price per tonne
    const received = await receipts('C001');
    const shown = await lines.getByTestId('explain-line-billNo').allInnerTexts();
    expect(shown.sort()).toEqual(received.flatMap((r) => (r.billDate === `${month}-03` ? [r.billNo, r.billNo] : [r.billNo])).sort());
    const rowOf12th = lines.locator('tbody tr', { hasText: received.find((r) => r.billDate === `${month}-12`)!.billNo });
    const cells12 = await rowOf12th.locator('td').allInnerTexts();
    expect(cells12).toEqual(expect.arrayContaining(['1', '300', '1.8', '30', `${month}-12`, '54.00']));
    expect(cells12.some((c) => c.startsWith('M0018'))).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'finance-explain-handling.png'), fullPage: true });
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('explains the package materials charge: the shipment, each packing material, its quantity and the agreement\'s price', async () => {
    const shipments = data(await admin.get<{ records: { billNo: string; billDate: string }[] }>('/api/bl-warehouse/osoutstockbill/list?customerCode=C001&size=50')).records.filter((r) => r.billDate === `${month}-18`);
    expect(shipments).toHaveLength(1);
    // the bill's own line for package materials, beside the area's
    await page.getByTestId('explain-open-2-PACKAGE').click();
    const drawer = page.getByTestId('explain-drawer');
    const table = drawer.getByTestId('explain-packages');
    await table.waitFor();
    expect(await drawer.getByTestId('explain-total').textContent()).toBe('99.50');
    expect(await table.getByTestId('explain-package-billNo').allInnerTexts()).toEqual([shipments[0]!.billNo, shipments[0]!.billNo]);
    // 25 cartons at 3.5 and one roll of film at 12 (AG-C001-2026's package-material prices), each material by its name
    const cartons = await table.locator('tbody tr', { hasText: 'PK001' }).locator('td').allInnerTexts();
    expect(cartons).toEqual(expect.arrayContaining([`${month}-18`, '25', '3.5', '87.50']));
    expect(cartons.find((c) => c.startsWith('PK001'))).toMatch(/^PK001 \S/);
    const film = await table.locator('tbody tr', { hasText: 'PK003' }).locator('td').allInnerTexts();
    expect(film).toEqual(expect.arrayContaining(['1', '12', '12.00']));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'finance-explain-packages.png'), fullPage: true });
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('recomputes the bill from the events: equal to the cent', async () => {
    await page.getByTestId('monthbill-reproduce').click();
    const said = page.getByTestId('monthbill-reproduced');
    await said.waitFor();
    expect(await said.getAttribute('data-equal')).toBe('true');
    expect(await said.innerText()).toContain(money(c001.totalCost));
  });

  it('downloads the bill as a PDF and the cost-bill report as xlsx', async () => {
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('monthbill-pdf').click();
    const pdf = await pdfDownload;
    const [text] = pdfText(fs.readFileSync((await pdf.path())!));
    for (const word of [c001.billNo, month, 'C001', money(c001.storageCost), '210.00']) expect([word, text!.includes(word)]).toEqual([word, true]);

    await visit(page, t.url, COSTBILL_REPORT);
    await page.getByTestId('billing-report-costbill').waitFor();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('billing-report-export').click();
    const saved = path.join(SCREENSHOTS, 'finance-costbill.xlsx');
    await (await xlsxDownload).saveAs(saved);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(saved);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    const row = rows.find((r) => r.includes(c001.billNo));
    expect(row).toEqual(expect.arrayContaining([month, 'C001', c001.totalCost]));
    expect(rows.some((r) => r.includes('C002'))).toBe(true);
    await page.close();
  });

  it('the cargo owner of C001 sees its own bill only, explains it and confirms it', async () => {
    const owner = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'owner');
    await visit(owner, t.url, LIST);
    await owner.getByTestId('doc-list-monthbill').waitFor();
    await owner.getByTestId(`doc-row-${c001.billNo}`).waitFor();
    const rows = await owner.locator('[data-testid^="doc-row-"]').allInnerTexts();
    expect(rows.every((r) => r.includes('C001') && !r.includes('C002'))).toBe(true);
    // no generate for the owner
    expect(await owner.getByTestId('monthbill-generate').count()).toBe(0);

    await owner.getByTestId(`view-${c001.billNo}`).click();
    await owner.getByTestId('explain-open-1-OUTBOUND').click();
    await owner.getByTestId('explain-stream-lines').waitFor();
    expect(await owner.getByTestId('explain-total').textContent()).toBe('45.00');
    await owner.locator('.ant-drawer-close').click();
    await owner.getByTestId('action-confirm').click();
    await choose(owner, 'modal-ok');
    await owner.getByTestId('view-state').filter({ hasText: 'Confirmed by customer' }).waitFor();
    await owner.screenshot({ path: path.join(SCREENSHOTS, 'finance-owner-bill.png'), fullPage: true });

    // another owner's bill is not there for it
    const c002 = (await bills()).find((b) => b.customerCode === 'C002')!;
    await visit(owner, t.url, monthbill.routes.view.replace(':id', c002.id));
    await owner.getByText('404').first().waitFor();
    expect(await owner.getByTestId('bill-charges').count()).toBe(0);
    await owner.close();
  });
});
