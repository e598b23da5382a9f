import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PUT_AWAY_LIST } from '@tpl/contracts';
import { launchChromium, SCREENSHOTS, signInPage, WEB_DIST, visit } from '../support/browser';
import { fillConsignmentForm } from '../support/consignment-form';
import { act, addPhoto, billNoOf, clickChoice, confirm, confirmOnScreen, lineInput, openByNumber, optionsOf, pick, press, save, sign, stateIs } from '../support/console';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 28 item 14: the keeper's and the dispatcher's day done in the console alone. Every
 * document is made from the one before it (its button on the source's view), every reference is
 * chosen in a picker, every dialog is filled through its widgets; the test never types an id and
 * never calls the API. Each step is checked where a person sees it: the document's state on its
 * view, the quantities its form was given.
 */
const READER = path.join(__dirname, '..', 'api', 'warehouse-print.pdf-text.mjs');
const pdfText = (pdf: Buffer): string =>
  (JSON.parse(execFileSync(process.execPath, [READER], { input: pdf, maxBuffer: 16 * 1024 * 1024 }).toString('utf8')) as string[]).join('').replace(/\s+/g, '');

describe('the day in the console alone', () => {
  let t: TestHost;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const pageFor = async (account: string) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => problems.push(`${account}: page error: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${account}: ${r.status()} from ${r.url()}`);
    });
    await signInPage(page, t.url, account);
    return page;
  };
  const go = (page: Page, route: string) => visit(page, t.url, route);
  /** The put-away dialog's suggestion taken: its first row names a location. */
  const suggested = (page: Page) =>
    page.waitForFunction(() => /[A-Z]-\d{2}-\d{2}/.test(document.querySelector('[data-testid="md-field-placements-0-warehousePlaceCode"]')?.textContent ?? ''), undefined, { timeout: 20_000 });
  const pickEnum = async (page: Page, testId: string, option: string) => pick(page, testId, '', option);

  it('keeper: a booking received in two parts, put away, an order shipped through its bill, a picking list and a load bill', async () => {
    const page = await pageFor('keeper');

    // the booking: owner, area and a line chosen in pickers
    await go(page, '/warehousingManagement/orderIsinstockbillForm');
    await pick(page, 'customerCode', 'C001');
    await pick(page, 'warehouseAreaCode', 'SH1-B');
    await pickEnum(page, 'stockType', 'Normal');
    await pick(page, 'line-0-materialCode', 'M0007');
    await lineInput(page, 0, 'qty').fill('100');
    await save(page);
    const booking = await billNoOf(page);
    await act(page, 'AUDIT', 'Audited');

    // the first receipt takes what the booking has left (all of it) and receives 60
    await page.getByTestId('make-isinstockbill').click();
    await page.getByTestId('made-from').waitFor();
    expect(await lineInput(page, 0, 'qty').inputValue()).toBe('100');
    await lineInput(page, 0, 'qty').fill('60');
    await save(page);
    await act(page, 'RECEIVE', 'Received');
    const firstReceipt = await billNoOf(page);

    // back on the booking (its number on the receipt is a link): receiving; the second receipt is offered the 40 left
    await page.getByTestId(`doc-link-${booking}`).click();
    await stateIs(page, 'Receiving');
    await page.getByTestId('make-isinstockbill').click();
    await page.getByTestId('made-from').waitFor();
    expect(await lineInput(page, 0, 'qty').inputValue()).toBe('40');
    await save(page);
    await act(page, 'RECEIVE', 'Received');

    // put away: the dialog lists what is at the dock; the suggested locations are taken in one click
    await press(page, 'PUT_AWAY');
    await page.getByTestId('dialog-suggest').click();
    await suggested(page);
    await confirm(page);
    await stateIs(page, 'Stored');
    // the first receipt from the put-away list: what waits at each dock, the bill's dialog opened from its row
    await go(page, PUT_AWAY_LIST.path);
    expect(await page.getByTestId(`waiting-${firstReceipt}`).textContent()).toBe('60');
    await page.getByTestId(`put-away-${firstReceipt}`).click();
    await page.getByTestId('dialog-suggest').click();
    await suggested(page);
    await confirm(page);
    await page.getByTestId(`waiting-${firstReceipt}`).waitFor({ state: 'detached' });
    await openByNumber(page, t.url, '/warehousingManagement/orderIsinstockbill', booking);
    await stateIs(page, 'Received');

    // an outbound order, and its bill made from it with what is left to ship
    await go(page, '/outWarehouseManagement/orderOsoutstockbillForm');
    await pick(page, 'customerCode', 'C001');
    await pick(page, 'warehouseAreaCode', 'SH1-B');
    await pickEnum(page, 'stockType', 'Normal');
    await pick(page, 'line-0-materialCode', 'M0007');
    await lineInput(page, 0, 'qty').fill('30');
    await save(page);
    await act(page, 'AUDIT', 'Audited');
    await page.getByTestId('make-osoutstockbill').click();
    await page.getByTestId('made-from').waitFor();
    expect(await lineInput(page, 0, 'qty').inputValue()).toBe('30');
    await save(page);
    const outbound = await billNoOf(page);
    await act(page, 'ALLOCATE', 'Allocated');

    // the picking list made from the allocated bill, picked
    await page.getByTestId('make-stocksortingbill').click();
    await page.getByTestId('made-from').waitFor();
    await page.getByTestId('picker').fill('王师傅');
    await save(page);
    await act(page, 'ISSUE', 'Picking');
    await act(page, 'COMPLETE', 'Done');

    // the load bill made from the finished picking list, loaded and shipped
    await page.getByTestId('make-loadbill').click();
    await page.getByTestId('made-from').waitFor();
    await page.getByTestId('carNo').fill('沪A12345');
    await save(page);
    await act(page, 'START_LOADING', 'Loading');
    await act(page, 'FINISH_LOADING', 'Loaded');
    await act(page, 'SHIP', 'Shipped');
    await page.getByTestId(`doc-link-${outbound}`).click();
    await stateIs(page, 'Shipped');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-chains-keeper.png'), fullPage: true });
    await page.close();
    expect(problems).toEqual([]);
  }, 420_000);

  // after the keeper's day above: what is left of M0007 in zone SH1-B goes to Suzhou
  it('keeper: an allocate bill sends stock from Shanghai to Suzhou, received there in two parts into the suggested bins', async () => {
    const page = await pageFor('keeper');
    await go(page, '/outWarehouseManagement/allocatebillForm');
    await pick(page, 'customerCode', 'C001');
    await pick(page, 'warehouseAreaCode', 'SH1-B');
    await pick(page, 'targetWarehouseAreaCode', 'SZ1-A');
    // the line is a stock row of the owner in the from area, chosen in the stock picker (one nothing of which is allocated)
    await page.getByTestId('pick-from-stock').click();
    const rows = page.locator('[data-testid="stock-pick-table"] tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 20_000 });
    const free = await rows.evaluateAll((trs) =>
      trs.findIndex((tr) => {
        const box = tr.querySelector<HTMLInputElement>('input[type=checkbox]');
        const cells = Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '');
        return box && !box.disabled && Number(cells[6]) >= 2 && cells[5] === cells[6];
      }),
    );
    await rows.nth(Math.max(0, free)).locator('input[type=checkbox]').check();
    await page.getByTestId('stock-pick-add').click();
    await lineInput(page, 0, 'qty').fill('2');
    await save(page);
    await act(page, 'CONFIRM', 'Confirmed');
    // the slip that travels with the goods is offered once the stock is allocated
    await page.getByTestId('doc-print-allocation-slip').waitFor();
    await act(page, 'SHIP', 'Shipped');

    // the receipt dialog: the suggested bins are Suzhou's; one piece arrives first, the bill waits for the other
    const receive = async (qty?: string) => {
      await press(page, 'RECEIVE');
      await page.getByTestId('dialog-suggest').click();
      await page.waitForFunction(() => /SZ-\d{2}-\d{2}/.test(document.querySelector('[data-testid="md-field-placements-0-targetPlaceCode"]')?.textContent ?? ''), undefined, { timeout: 20_000 });
      if (qty) await page.getByTestId('md-field-placements-0-qty').first().fill(qty);
      await confirm(page);
    };
    await receive('1');
    await stateIs(page, 'Receiving');
    await receive();
    await stateIs(page, 'Received');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-chains-allocate.png'), fullPage: true });
    await page.close();
    expect(problems).toEqual([]);
  }, 300_000);

  it('finance: the receipts keyed in the console bill their weight (the material gave it), and the bill on paper names the customer', async () => {
    const page = await pageFor('finance');
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);
    await go(page, '/acct/costbillView');
    await page.getByTestId('monthbill-generate').click();
    const picker = page.getByTestId('monthbill-generate-month');
    await picker.click();
    await picker.fill(month);
    await picker.press('Enter');
    await pick(page, 'monthbill-generate-customer', 'C001');
    await page.getByTestId('monthbill-generate-ok').click();
    const row = page.locator('[data-testid^="doc-row-"]', { hasText: 'C001' }).filter({ hasText: month }).first();
    await row.waitFor();
    await row.locator('a[data-testid^="view-"]').click();
    await page.getByTestId('view-billNo').waitFor();
    // 100 cartons keyed without a weight: the material's 6 kg a carton made them 0.6 t, and handling is charged on them
    const handling = Number(((await page.getByTestId('detail-inStockCoolieCost').textContent()) ?? '0').replace(/[^\d.]/g, ''));
    expect(handling).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByTestId('monthbill-pdf').click();
    const text = pdfText(fs.readFileSync((await (await download).path())!));
    expect(text).toContain('安可食品');
    expect(text).toContain('C001');
    await page.close();
    expect(problems).toEqual([]);
  }, 300_000);

  it('dispatcher: an order split into two notes, each on its own vehicle, loaded from its dispatch bill, arrived, reviewed and signed with a drawn signature and a photo', async () => {
    const page = await pageFor('dispatcher');

    await go(page, '/consignmentOrderbill/consignmentOrderbillAdd');
    await fillConsignmentForm(page);
    await page.getByTestId('add-line').click();
    await pick(page, 'line-1-materialCode', 'M0008');
    await lineInput(page, 1, 'qty').fill('4');
    await save(page);
    await act(page, 'AUDIT', 'Audited');

    // the split: the second material goes to note 2, the rest stays on note 1
    await press(page, 'DISPATCH');
    await page.getByTestId('dialog-hint').waitFor();
    await page.getByTestId('md-add-row-splits').click();
    await page.getByTestId('md-field-splits-0-noteNo').fill('2');
    await pick(page, 'md-field-splits-0-materialCode', '', 'M0008');
    await page.getByTestId('md-field-splits-0-qty').fill('4');
    await confirm(page);
    await stateIs(page, 'Accepted');

    // the two notes, each put on a vehicle of its own through a dispatch bill made from it
    const vehicles: string[] = [];
    for (let n = 0; n < 2; n++) {
      await go(page, '/consignmentBill?state=Open');
      await page.locator('a[data-testid^="view-YD"]').first().click();
      await stateIs(page, 'Open');
      await page.getByTestId('make-dispatch').click();
      await page.getByTestId('made-from').waitFor();
      await page.getByTestId('carNo').click();
      const choice = optionsOf(page).nth(n);
      await choice.waitFor();
      vehicles.push((await choice.textContent())!);
      await clickChoice(page.getByTestId('carNo'), choice);
      await pick(page, 'lineCode');
      await save(page);
      await act(page, 'ISSUE', 'Issued');
    }
    expect(new Set(vehicles).size).toBe(2);

    // the last dispatch bill's 装车: a loading bill made from it, loaded and arrived
    await page.getByTestId('make-loadingbill').click();
    await page.getByTestId('made-from').waitFor();
    await save(page);
    await act(page, 'LOAD', 'Loaded');

    // the arrival confirmation (/loadingBill/loadingBillEdit, from the loading bill's view): the note with its consignee, packages and weight
    await page.getByTestId('open-arrival').click();
    const arrival = page.locator('[data-testid="confirmation-page"][data-action="arrive"]');
    await arrival.getByTestId('confirmation-notes').getByText('Fresh Mart Pudong').first().waitFor({ timeout: 20_000 });
    expect(await arrival.getByTestId('confirmation-notes').locator('tbody tr.ant-table-row').count()).toBe(1);
    await confirmOnScreen(page, 'arrive');

    // it goes on to the review confirmation of the arrival bill it wrote (/arrivalBill/arrivalBillEdit)
    const review = page.locator('[data-testid="confirmation-page"][data-action="review"]');
    await review.getByTestId('confirmation-billNo').getByText(/^DH/).waitFor({ timeout: 20_000 });
    await pick(page, 'reviewResult', '', /In order/);
    await confirmOnScreen(page, 'review');

    // and on to the delivery bill the review opened for signing (its list, of this arrival): signer and lines start from the delivery, a drawn signature, a photo
    await page.waitForURL(/\/deliveryBill\?arrivalBillNo=DH\d+/);
    await page.locator('a[data-testid^="view-QS"]').first().click();
    await stateIs(page, 'ToSign');
    await press(page, 'SIGN');
    expect(await page.getByTestId('signer').inputValue()).not.toBe('');
    await sign(page);
    await addPhoto(page, 'photos');
    await confirm(page);
    await stateIs(page, 'Signed');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-chains-dispatcher.png'), fullPage: true });
    await page.close();
    expect(problems).toEqual([]);
  }, 420_000);
});
