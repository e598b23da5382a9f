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
 * output: the inbound bill's Print labels button opening the PDF. Recovery and progress (issue 28
 * item 11): after the server refuses a confirmation, the next right scan is taken; a bill
 * reopened shows what is done (put away on the server, confirmed on the phone).
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

  const openScan = async (mode: string) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInPage(page, t.url, 'keeper');
    await page.goto(`${t.url}/scan/${mode}`);
    await panelState(page, 'bill');
    return page;
  };
  const received = async (details: Record<string, unknown>[], receive = true) => {
    const bill = data(await admin.post<Result>(`${IN}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details }));
    if (receive) expect(data(await admin.post<Result>(`${IN}/receive`, { id: bill.id, version: bill.version })).state).toBe('Received');
    return bill;
  };
  /** the bar's figure (what the screen shows: the bar and its percent text) */
  const progress = async (page: Page) => {
    const bar = page.getByTestId('scan-progress');
    const text = (await bar.locator('.ant-progress-indicator').textContent())?.trim();
    expect(text).toBe(`${await bar.getAttribute('data-percent')}%`);
    return text;
  };

  it('after the server refuses a placement, the next scan of the right place is taken at once', async () => {
    const bill = await received([{ materialCode: 'M0005', batchNo: 'RF1', qty: 4, qtyWeg: 5 }]);
    const page = await openScan('putaway');
    await scan(page, bill.billNo);
    await panelState(page, 'place');
    // a place of another area: the phone cannot know, the server refuses the placement
    await scan(page, 'A-01-01');
    await scan(page, `${bill.billNo}-001`);
    await scan(page, '4');
    await panelState(page, 'confirm');
    await page.getByTestId('scan-input').press('Enter');
    await panelState(page, 'error');
    expect(await page.getByTestId('scan-error').textContent()).toBe('Location "A-01-01" is not in warehouse area "SH1-B"');
    // the right place, scanned straight away (no Back, no dismiss): taken, and the placement goes on from there
    await scan(page, 'B-02-04');
    await panelState(page, 'item');
    expect(await page.getByTestId('scan-place').textContent()).toBe('Location B-02-04');
    await scan(page, `${bill.billNo}-001`);
    await scan(page, '4');
    await panelState(page, 'confirm');
    await page.getByTestId('scan-input').press('Enter');
    await panelState(page, 'done');
    const stock = data(await admin.get<{ records: { warehousePlaceCode: string; qty: number }[] }>('/api/bl-warehouse/stock/list?customerCode=C001&materialCode=M0005&batchNo=RF1'));
    expect(stock.records.map((r) => [r.warehousePlaceCode, r.qty])).toEqual([['B-02-04', 4]]);
    await page.close();
  });

  it('a bill reopened shows what is done: put away on the server, received lines confirmed on the phone', async () => {
    // put-away: half the line put away, the page left; reopened, the bar starts at half and 4 are left
    const bill = await received([{ materialCode: 'M0006', batchNo: 'PG1', qty: 8, qtyWeg: 5 }]);
    let page = await openScan('putaway');
    await scan(page, bill.billNo);
    await panelState(page, 'place');
    expect(await progress(page)).toBe('0%');
    await scan(page, 'B-03-04');
    await scan(page, `${bill.billNo}-001`);
    await scan(page, '4');
    await panelState(page, 'confirm');
    await page.getByTestId('scan-input').press('Enter');
    await panelState(page, 'place');
    expect(await progress(page)).toBe('50%');
    await page.close();
    page = await openScan('putaway');
    await scan(page, bill.billNo);
    await panelState(page, 'place');
    expect(await progress(page)).toBe('50%');
    await scan(page, 'B-03-04');
    await scan(page, `${bill.billNo}-001`);
    await panelState(page, 'quantity');
    expect(await page.getByTestId('scan-task').textContent()).toContain('4 left');
    await page.close();

    // receive: one of two lines counted, the page reloaded; the bill reopened keeps it and asks only for the other
    const two = await received([{ materialCode: 'M0005', batchNo: 'PG2', qty: 3, qtyWeg: 5 }, { materialCode: 'M0006', batchNo: 'PG3', qty: 1, qtyWeg: 5 }], false);
    page = await openScan('receive');
    await scan(page, two.billNo);
    await panelState(page, 'item');
    await scan(page, `${two.billNo}-001`);
    await scan(page, '3');
    await panelState(page, 'confirm');
    await page.getByTestId('scan-input').press('Enter');
    await panelState(page, 'item');
    expect(await progress(page)).toBe('75%');
    await page.reload();
    await panelState(page, 'bill');
    await scan(page, two.billNo);
    await panelState(page, 'item');
    expect(await progress(page)).toBe('75%');
    expect(await page.getByTestId('scan-open').textContent()).toBe('1 to do');
    await scan(page, `${two.billNo}-001`);
    await panelState(page, 'error');
    await scan(page, `${two.billNo}-002`);
    await scan(page, '1');
    await panelState(page, 'confirm');
    await page.getByTestId('scan-input').press('Enter');
    await panelState(page, 'done');
    expect(data(await admin.get<Record<string, unknown>>(`${IN}/detail?id=${two.id}`))).toMatchObject({ state: 'Received' });
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
