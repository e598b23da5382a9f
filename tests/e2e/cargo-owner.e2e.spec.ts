import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPORT_PATHS, STOCK_EVENT_TYPES, isinstockbill, secproductive } from '@tpl/contracts';
import { runInTenant } from '@tpl/event-store';
import { StockLedger, factOf, receive } from '@tpl/warehouse';
import { data, type ApiClient } from '../support/api-client';
import { launchChromium, signInPage, SCREENSHOTS, WEB_DIST } from '../support/browser';
import { pickRef } from '../support/consignment-form';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The cargo owner's journey in Chromium: the demo's `owner` (bound to customer C001) signs in,
 * finds the stock reports in its menu, opens stock by warehouse area and sees C001's stock only
 * (the operator's administrator, on the same page, sees C002's too), opens a quantity's stream
 * lines and the bin board (its own pieces only), and finds only its own inbound bills.
 */
const T = '100001';
const MATERIAL = 'E2E-OWN';

describe('cargo owner in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let admin: ApiClient;
  let released: { id: string; billNo: string };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true), launchChromium()]);
    admin = await t.client().as(T, 'admin', 'admin');
    const ledger = t.host.app.get(StockLedger);
    for (const [customer, qty] of [['C001', 12], ['C002', 30]] as const) {
      await runInTenant(T, () =>
        t.host.storage.store.withTransaction(async (uow) => {
          const account = await ledger.account(uow, T, customer, MATERIAL);
          const at = '2026-10-01T08:00:00.000Z';
          const lines = receive(account, [{ barcode: `E2E-${customer}`, warehousePlaceCode: 'A-03-01', warehouseAreaCode: 'SH1-A', batchNo: 'E1', qty }], { documentType: 'isinstockbill', documentId: customer, billNo: `RK-E2E-${customer}` }, at);
          await ledger.record(uow, T, [{ account, type: STOCK_EVENT_TYPES.received, fact: factOf(lines, at, '12', { instockStatus: 1 }) }], {
            tenantId: T, actor: { userId: 'u', account: 'keeper', name: 'Keeper' }, occurredAt: new Date().toISOString(), correlationId: customer, causationId: customer,
          });
        }),
      );
    }
    for (const customerCode of ['C001', 'C002']) {
      data(await admin.post('/api/bl-warehouse/isinstockbill/submit', {
        billDate: '2026-11-24', customerCode, warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', remark: `e2e ${customerCode}`,
        details: [{ materialCode: 'M0002', batchNo: 'E2E', qty: 1, qtyWeg: 10, volume: 0.1 }],
      }));
    }
    // a kitting job of C001 run to the end (its lot K1 made from its noodle lot N1), the demo's data for the genealogy
    type R = { id: string; billNo: string; version: number };
    const inbound = data(await admin.post<R>('/api/bl-warehouse/isinstockbill/submit', {
      billDate: '2026-11-20', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0007', batchNo: 'N1', qty: 5, warehousePlaceCode: 'A-01-02' }],
    }));
    data(await admin.post('/api/bl-warehouse/isinstockbill/receive', { id: inbound.id, version: inbound.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    const bom = data(await admin.post<R>('/api/bl-production/secbombill/submit', { billDate: '2026-11-24', customerCode: 'C001', bomName: 'E2E', details: [{ materialCode: 'M0007', qty: 1 }], products: [{ materialCode: 'M0018', qty: 1 }] }));
    data(await admin.post('/api/bl-production/secbombill/audit', { id: bom.id, version: bom.version }));
    const task = data(await admin.post<R>('/api/bl-production/secproductive/submit', { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', bomNo: bom.billNo, runs: 2,
      details: [{ barcode: `${inbound.billNo}-001`, materialCode: 'M0007', batchNo: 'N1', warehousePlaceCode: 'A-01-02', qty: 2 }] }));
    let version = data(await admin.post<R>('/api/bl-production/secproductive/audit', { id: task.id, version: task.version })).version;
    version = data(await admin.post<R>('/api/bl-production/secproductive/issue', { id: task.id, version, issues: [{ lineNumber: 1, qty: 2 }] })).version;
    data(await admin.post('/api/bl-production/secproductive/receive', { id: task.id, version, receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-02-01', qty: 2 }] }));
    // a second job of one run, only released: the keeper takes it through the issue and receipt pages
    const inbound2 = data(await admin.post<R>('/api/bl-warehouse/isinstockbill/submit', {
      billDate: '2026-11-20', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0007', batchNo: 'N2', qty: 3, warehousePlaceCode: 'A-01-02' }],
    }));
    data(await admin.post('/api/bl-warehouse/isinstockbill/receive', { id: inbound2.id, version: inbound2.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    const task2 = data(await admin.post<R>('/api/bl-production/secproductive/submit', { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', bomNo: bom.billNo, runs: 1,
      details: [{ barcode: `${inbound2.billNo}-001`, materialCode: 'M0007', batchNo: 'N2', warehousePlaceCode: 'A-01-02', qty: 1 }] }));
    data(await admin.post('/api/bl-production/secproductive/audit', { id: task2.id, version: task2.version }));
    released = task2;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const reportRows = async (page: Page) => {
    await page.goto(`${t.url}${REPORT_PATHS.stockByWarehouseArea}?materialCode=${MATERIAL}`);
    await page.getByTestId('report-stockByWarehouseArea').waitFor();
    await page.locator('[data-testid^="report-row-"]').first().waitFor();
    return page.locator('[data-testid^="report-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
  };

  it('signs in as the owner of C001, finds the reports in its menu and sees only C001 on the stock report', async () => {
    // the operator sees both owners' stock
    const adminPage = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'admin', 'admin');
    expect(await reportRows(adminPage)).toEqual([`report-row-SH1-A~C001~${MATERIAL}`, `report-row-SH1-A~C002~${MATERIAL}`]);
    await adminPage.close();

    const page = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'owner');
    // its menu holds the reports (the reports group on the workbench)
    await page.locator('.shell-sider').getByText('Reports').first().click();
    await page.locator('.shell-sider').getByText('Stock by warehouse area').first().click();
    await page.waitForURL((u) => u.pathname === REPORT_PATHS.stockByWarehouseArea);
    await page.getByTestId('report-stockByWarehouseArea').waitFor();

    expect(await reportRows(page)).toEqual([`report-row-SH1-A~C001~${MATERIAL}`]);
    await page.getByTestId('sum-qty').filter({ hasText: '12' }).waitFor();
    expect(await page.getByText('C002').count()).toBe(0);

    // a quantity opens the stream lines it is the sum of
    await page.getByTestId(`explain-qty-SH1-A~C001~${MATERIAL}`).click();
    await page.getByTestId('explain-line-RK-E2E-C001').waitFor();
    expect(await page.getByTestId('explain-summary').textContent()).toContain('12');
    expect(await page.getByTestId('explain-line-RK-E2E-C002').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'cargo-owner-stock-report.png'), fullPage: true });

    // the bin board shows the place with its own 12 pieces (not the 42 held there), and the place opens them
    await page.goto(`${t.url}${REPORT_PATHS.binBoard}?warehouseAreaCode=SH1-A`);
    await page.getByTestId('bin-A-03-01').waitFor();
    expect(await page.getByTestId('bin-A-03-01').textContent()).toContain('12');
    expect(await page.getByTestId('bin-A-03-02').getAttribute('data-band')).toBe('empty');
    await page.getByTestId('bin-A-03-01').click();
    await page.getByTestId(`report-row-C001~${MATERIAL}~A-03-01~E1~E2E-C001`).waitFor();
    expect(await page.getByTestId('place-drawer').getByText('C002').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'cargo-owner-bin-board.png'), fullPage: true });

    // asking for another owner's stock by the URL shows nothing
    await page.goto(`${t.url}${REPORT_PATHS.stockByDetails}?customerCode=C002`);
    await page.getByTestId('report-stockByDetails').waitFor();
    await page.locator('.ant-table-placeholder').first().waitFor();
    expect(await page.locator('[data-testid^="report-row-"]').count()).toBe(0);

    // and its inbound bills are its own
    await page.goto(`${t.url}${isinstockbill.routes.list}`);
    await page.getByTestId('doc-list-isinstockbill').waitFor();
    await page.locator('[data-testid^="doc-row-"]').first().waitFor();
    const customers = await page.locator('[data-testid^="doc-row-"]').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.every((text) => text.includes('C001') && !text.includes('C002'))).toBe(true);
    await page.close();
  });

  it("traces its own lot on the lot genealogy page: what it was made from; no other owner's is offered", async () => {
    const page = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'owner');
    await page.locator('.shell-sider').getByText('Secondary processing').first().click();
    await page.locator('.shell-sider').getByText('Lot genealogy').first().click();
    await page.getByTestId('genealogy-page').waitFor();
    // its own cargo owner only
    await page.getByTestId('genealogy-owner').click();
    const owners = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await owners.first().waitFor();
    expect(await owners.allTextContents()).toEqual([expect.stringContaining('C001')]);
    await owners.first().click();
    await page.getByTestId('genealogy-material').click();
    await page.keyboard.insertText('M0018');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'M0018' }).first().click();
    await page.getByTestId('genealogy-lot').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'K1' }).first().click();
    await page.getByTestId('made-from-lot-N1').waitFor();
    expect(await page.getByTestId('genealogy-made-from').textContent()).toContain('M0007');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'cargo-owner-genealogy.png'), fullPage: true });
    // the raw lot traces the other way: it went into K1
    await page.getByTestId('made-from-lot-N1').click();
    await page.getByTestId('went-into-lot-K1').waitFor();
    await page.close();
  });

  it("takes a released production task through its issue page (from the list) and its receipt page (from the view)", async () => {
    const page = await signInPage(await browser.newPage({ viewport: { width: 1440, height: 900 } }), t.url, 'admin', 'admin');
    const view = secproductive.routes.view.replace(':id', released.id);
    // the list: the one task ticked, its issue page
    await page.goto(`${t.url}${secproductive.routes.list}`);
    await page.getByTestId(`doc-row-${released.billNo}`).locator('.ant-checkbox-input').check();
    await page.getByTestId('list-step-issue').click();
    await page.waitForURL((u) => u.pathname === `/secondaryProcessing/secproductiveFormEditOut/${released.id}`);
    await page.getByTestId('task-step-billNo').filter({ hasText: released.billNo }).waitFor();
    expect(await page.getByTestId('task-step-pending').getAttribute('data-rows')).toBe('1');
    expect(await page.getByTestId('task-step-pending').textContent()).toContain('N2');
    // in words, never a key: the step's title, its pending rows' heading, the way back
    const words = await page.getByTestId('task-step-page').textContent();
    expect(words).toContain('Issue raw materials');
    expect(words).toContain('Raw-material lots pending issue');
    expect(words).toContain('Back to the task');
    expect(words).not.toMatch(/taskSteps\.|production\./);
    // the header names the BOM and the owner; the form starts from what is pending (the lot's 1)
    expect(await page.getByTestId('document-summary').textContent()).toContain('C001');
    await page.getByTestId('task-step-submit').click();
    await page.waitForURL((u) => u.pathname === view);
    await page.locator('[data-testid="view-state"][data-state="InProduction"]').waitFor();

    // the view: its receipt page, the finished good pending, a location picked, received in full
    await page.getByTestId('step-link-receive').click();
    await page.waitForURL((u) => u.pathname === `/secondaryProcessing/secproductiveFormEditIn/${released.id}`);
    expect(await page.getByTestId('task-step-pending').getAttribute('data-rows')).toBe('1');
    expect(await page.getByTestId('task-step-pending').textContent()).toContain('M0018');
    expect(await page.getByTestId('task-step-page').textContent()).toContain('Finished goods pending receipt');
    await pickRef(page, 'md-field-receipts-0-warehousePlaceCode', 'A-02-01');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'production-receipt-page.png'), fullPage: true });
    await page.getByTestId('task-step-submit').click();
    await page.waitForURL((u) => u.pathname === view);
    // nothing pending: the task completed itself, and offers neither step any more
    await page.locator('[data-testid="view-state"][data-state="Completed"]').waitFor();
    expect(await page.getByTestId('step-link-issue').count()).toBe(0);
    // the receipt page of a completed task says so and offers only the way back
    await page.goto(`${t.url}/secondaryProcessing/secproductiveFormEditIn/${released.id}`);
    await page.getByTestId('task-step-closed').waitFor();
    expect(await page.getByTestId('task-step-submit').count()).toBe(0);
    await page.close();
  });
});
