import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { data, type ApiClient } from '../support/api-client';
import { launchChromium, printOpensPdf, SCREENSHOTS, signInPage, WEB_DIST } from '../support/browser';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Scan mode on a phone-sized screen (390 × 844) as the keeper: a received inbound bill is put
 * away by typing what a keyboard-wedge scanner types (the bill number, the place, the item's
 * barcode, the quantity, each followed by Enter); a wrong scan turns the panel red and names
 * what was scanned; the next scan answers it. Beside it, the keeper's other warehouse-floor
 * output: the inbound bill's Print labels button opening the PDF.
 */
type Result = { id: string; billNo: string; version: number; state: string };
const IN = '/api/bl-warehouse/isinstockbill';

describe('scan mode in Chromium', () => {
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

  /** What a keyboard-wedge scanner does: types the code, then Enter. */
  const scan = async (page: Page, code: string) => {
    const input = page.getByTestId('scan-input');
    await input.waitFor();
    await page.waitForFunction(() => !(document.querySelector('[data-testid="scan-input"]') as HTMLInputElement | null)?.disabled);
    await input.pressSequentially(code);
    await input.press('Enter');
  };
  const panelState = (page: Page, state: string) => page.locator(`[data-testid="scan-panel"][data-state="${state}"]`).waitFor();

  it('puts away one line by scanning place and item; a wrong scan shows the error colour', async () => {
    const bill = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL',
      details: [{ materialCode: 'M0005', batchNo: 'SC1', qty: 6, qtyWeg: 5 }],
    }));
    expect(data(await admin.post<Result>(`${IN}/receive`, { id: bill.id, version: bill.version })).state).toBe('Received');

    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInPage(page, t.url, 'keeper');
    await page.goto(`${t.url}/scan/putaway`);
    await panelState(page, 'bill');

    await scan(page, bill.billNo);
    await panelState(page, 'place');
    expect(await page.getByTestId('scan-bill').textContent()).toBe(bill.billNo);
    await scan(page, 'B-02-03');
    await panelState(page, 'item');

    // a barcode that is not on the bill: red, named, and nothing sent
    await scan(page, 'NOPE-123');
    await panelState(page, 'error');
    expect(await page.getByTestId('scan-error').textContent()).toBe('Barcode "NOPE-123" is not an item to scan on this bill');
    const border = await page.getByTestId('scan-panel').evaluate((el) => getComputedStyle(el).borderColor);
    expect(border).toBe('rgb(255, 77, 79)');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'scan-mode-wrong-scan.png') });

    // the right barcode answers the error; then the quantity and Enter to confirm
    await scan(page, `${bill.billNo}-001`);
    await panelState(page, 'quantity');
    expect(await page.getByTestId('scan-task').textContent()).toContain('M0005');
    await scan(page, '6');
    await panelState(page, 'confirm');
    await page.getByTestId('scan-input').press('Enter');
    await panelState(page, 'done');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'scan-mode-done.png') });

    expect(data(await admin.get<Record<string, unknown>>(`${IN}/detail?id=${bill.id}`))).toMatchObject({ state: 'Stored', totals: { putAwayQty: 6 } });
    const stock = data(await admin.get<{ records: { warehousePlaceCode: string; qty: number }[] }>('/api/bl-warehouse/stock/list?customerCode=C001&materialCode=M0005&batchNo=SC1'));
    expect(stock.records.map((r) => [r.warehousePlaceCode, r.qty])).toEqual([['B-02-03', 6]]);
    await page.close();
  });

  it("the inbound bill's Print labels button opens the labels PDF in a new tab and records them", async () => {
    const bill = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL',
      details: [{ materialCode: 'M0006', batchNo: 'PR1', qty: 3, qtyWeg: 5 }],
    }));
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, t.url, 'keeper');
    await page.goto(`${t.url}/warehousingManagement/isinstockbillFormView/${bill.id}`);
    await printOpensPdf(page, () => page.getByTestId('doc-print-labels').click());
    // the three pieces are labelled now: printing the whole bill again has nothing left
    const again = await admin.post(`${IN}/print/labels?id=${bill.id}`, {}, { 'Accept-Language': 'en' });
    expect(again).toMatchObject({ status: 409, body: { msg: 'Every line is labelled already' } });
    await page.getByTestId('doc-print-labels').click();
    await page.getByText('Every line is labelled already').first().waitFor();
    await page.close();
  });
});
