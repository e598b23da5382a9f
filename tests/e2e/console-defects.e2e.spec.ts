import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { voucherbill, type Page as Paged, type TaskRow } from '@tpl/contracts';
import { FIRST_PAGE, fillSignIn, launchChromium, SCREENSHOTS, WEB_DIST, visit } from '../support/browser';
import { data, type ApiClient } from '../support/api-client';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The console's own defects of issue 11 item 6, each checked in Chromium against the demo
 * tenant (master data, a day's orders, orders waiting in review): one host, one browser.
 */
describe('console defects of issue 11 in Chromium', () => {
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

  type Lang = 'zh' | 'en' | 'mo';
  /** A new page signed in through the sign-in page in the given language. */
  const signedIn = async (account: string, lang: Lang, viewport = { width: 1440, height: 900 }, password = account === 'admin' ? 'admin' : 'demo123') => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${t.url}/login`);
    await page.getByTestId(`lang-${lang}`).click();
    await fillSignIn(page, account, password);
    await page.waitForURL((u) => u.pathname === FIRST_PAGE);
    return page;
  };

  /** A page reached by a URL has rendered once its kept-alive container is in the slot. */
  const goTo = async (page: Page, url: string) => {
    await visit(page, t.url, url);
    await page.locator(`.shell-page[data-page="${new URL(url, t.url).pathname}"]`).waitFor();
  };

  /** Waits for an element the fix adds: before the fix it never comes (a failure, not a race). */
  const shows = (locator: Locator) => locator.first().waitFor({ timeout: 20_000 });

  const eventually = async <T>(probe: () => Promise<T | undefined>): Promise<T> => {
    for (let i = 0; i < 150; i++) {
      const v = await probe();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('timed out');
  };

  const RAW_KEY = /^[a-z]+(\.[a-zA-Z_]+)+$/;
  const HAN = /[\u4e00-\u9fff]/;

  /** An order in review made through the API (review switched on for it, then off again). */
  const orderInReview = async (): Promise<{ id: string; task: TaskRow }> => {
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const order = data(
      await dispatcher.post<{ id: string; version: number }>(
        '/api/bl-transport/consignment/submit',
        consignmentInput({
          customerCode: 'C002',
          consignor: { name: '蓝河饮料', linkman: '周敏', mobile: '13611112222', address: '上海市闵行区江川路88号' },
          consignee: { name: '鲜果超市浦东店', linkman: '韩梅', mobile: '13900139000', address: '上海市浦东新区市场街9号' },
          lines: [{ materialCode: 'M0010', name: '矿泉水 550ml x24', qty: 20, weg: 270, volume: 0.6, packages: 20 }],
        }),
      ),
    );
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'consignment', processKey: 'consignment_review', enabled: false }));
    data(await dispatcher.post('/api/bl-transport/consignment/submit-review', { id: order.id, version: order.version }));
    const task = await eventually(async () => data(await admin.get<Paged<TaskRow>>('/api/bl-flow/work/claim-list?size=50')).records.find((r) => r.businessKey === order.id));
    return { id: order.id, task };
  };

  const anyOrder = async (state?: string) =>
    data(await admin.get<Paged<{ id: string; billNo: string; state: string }>>(`/api/bl-transport/consignment/list?size=50${state ? `&state=${state}` : ''}`)).records[0]!;

  // first, before any test puts an order of its own in review
  it('gives the approver orders waiting in review on first sign-in', async () => {
    const approver = await t.client().as('100001', 'approver');
    const tasks = await eventually(async () => {
      const rows = data(await approver.get<Paged<TaskRow>>('/api/bl-flow/work/claim-list?size=50')).records.filter((r) => r.documentType === 'consignment');
      return rows.length >= 2 ? rows : undefined;
    });
    const page = await signedIn('approver', 'zh');
    await goTo(page, '/flowable/work/claim');
    await page.getByText(tasks[0]!.title).first().waitFor();
    // the seeded orders say where they stand
    await goTo(page, `/consignmentOrderbill/consignmentOrderbillView/${tasks[0]!.businessKey}`);
    await shows(page.getByTestId('review-node'));
    await page.close();
  });

  it('draws the lifecycle with translated edge labels that never overlap a state', async () => {
    const order = await anyOrder();
    for (const lang of ['zh', 'en', 'mo'] as const) {
      const page = await signedIn('admin', lang);
      await goTo(page, `/consignmentOrderbill/consignmentOrderbillView/${order.id}?tab=lifecycle`);
      await page.locator('.react-flow__node').first().waitFor();
      const labels = page.locator('.react-flow__edge-text, [data-testid="lifecycle-edge-label"]');
      await labels.first().waitFor();
      const texts = (await labels.allTextContents()).map((s) => s.trim());
      expect(texts.length).toBeGreaterThanOrEqual(9);
      expect(texts.filter((s) => RAW_KEY.test(s) || s === '')).toEqual([]);
      const boxes = await page.evaluate(() => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, text: (el as HTMLElement).innerText ?? el.textContent ?? '' };
        };
        return {
          nodes: Array.from(document.querySelectorAll('.react-flow__node')).map(box),
          labels: Array.from(document.querySelectorAll('.react-flow__edge-textbg, [data-testid="lifecycle-edge-label"]')).map(box),
        };
      });
      type Box = (typeof boxes.nodes)[number];
      const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const clashes = boxes.labels.flatMap((l) => boxes.nodes.filter((n) => overlap(l, n)).map((n) => `${l.text} over ${n.text}`));
      const labelClashes = boxes.labels.flatMap((l, i) => boxes.labels.slice(i + 1).filter((o) => overlap(l, o)).map((o) => `${l.text} over ${o.text}`));
      await page.screenshot({ path: path.join(SCREENSHOTS, `lifecycle-${lang}.png`) });
      expect(clashes).toEqual([]);
      expect(labelClashes).toEqual([]);
      await page.close();
    }
  });

  it('opens a consignment task with its labels, its own tab title, and its approval state on the order', async () => {
    const { id, task } = await orderInReview();
    const page = await signedIn('admin', 'zh');
    await goTo(page, `/flowable/work/detail?taskId=${task.taskId}&processInstanceId=${task.instanceId}`);
    await page.getByTestId('document-summary').waitFor();
    const text = await page.getByTestId('workbench').innerText();
    expect(text).not.toContain('returned an object');
    expect(text).toContain('收货方');
    // the tab and the document are named after the page, not its route
    expect(await page.title()).not.toContain('/flowable');
    expect(await page.locator('[data-testid^="tab-"][data-active="true"]').innerText()).not.toContain('/flowable');

    // the order itself says which node waits and who holds it, with the way to the diagram
    await goTo(page, `/consignmentOrderbill/consignmentOrderbillView/${id}`);
    await page.getByTestId('review-banner').waitFor();
    await shows(page.getByTestId('review-node'));
    expect(await page.getByTestId('review-node').innerText()).toBe(task.taskName);
    expect((await page.getByTestId('review-holder').innerText()).trim()).not.toBe('');
    expect(await page.getByTestId('review-process-link').getAttribute('href')).toContain(task.instanceId);
    expect(await page.getByTestId('review-banner').innerText()).not.toContain('consignment_review');
    // its history names the review in words, not by the process key
    await page.getByTestId('tab-history').click();
    await page.locator('[data-event="ConsignmentSubmittedForReview"]').waitFor();
    expect(await page.locator('[data-event="ConsignmentSubmittedForReview"]').innerText()).not.toContain('consignment_review');
    await page.close();
  });

  it('says at once that a task does not exist, after one request', async () => {
    const page = await signedIn('admin', 'en');
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/bl-flow/process/detail')) asked++;
    });
    await page.goto(`${t.url}/flowable/work/detail?taskId=5f0c1a7e-1111-4111-8111-111111111111&processInstanceId=5f0c1a7e-2222-4222-8222-222222222222`);
    await page.locator('.ant-result').waitFor();
    const text = await page.locator('.ant-result').innerText();
    expect(text).toMatch(/not found|does not exist|no such/i);
    expect(text).not.toMatch(/network/i);
    expect(asked).toBe(1);
    await page.close();
  });

  it('logs no network failure for the calls a page still had in flight when it is left', async () => {
    const page = await browser.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const asked = page.waitForRequest((r) => r.url().includes('/api/bl-report/home'));
    // the home page's figures are held until the user has moved on to another page
    await page.route('**/api/bl-report/home**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${t.url}/login`);
    await page.getByTestId('lang-en').click();
    await fillSignIn(page, 'admin', 'admin');
    await page.waitForURL((u) => u.pathname === FIRST_PAGE);
    await asked;
    await goTo(page, '/consignmentOrderbill');
    release();
    await page.locator('.ant-table-row').first().waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('tpl.errorLog'))) ?? '[]')).toEqual([]);
    expect(await page.getByTestId('error-log-badge').locator('.ant-badge-count').count()).toBe(0);
    await page.close();
  });

  it('shows the review column in words, as the detail page does', async () => {
    const page = await signedIn('admin', 'en');
    await goTo(page, '/consignmentOrderbill');
    await page.locator('.ant-table-row').first().waitFor();
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((s) => s.trim());
    const column = headers.indexOf('Review');
    expect(column).toBeGreaterThan(0);
    const cells = await page.locator(`.ant-table-tbody .ant-table-row > td:nth-child(${column + 1})`).allInnerTexts();
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.filter((c) => /^\s*[012]\s*$/.test(c))).toEqual([]);
    expect(cells.every((c) => ['No review needed', 'Review needed', 'Reviewed'].includes(c.trim()))).toBe(true);
    await page.close();
  });

  for (const width of [1280, 1440]) {
    it(`shows the whole state beside the fixed actions column, at ${width} px`, async () => {
      const page = await signedIn('admin', 'en', { width, height: 720 });
      await goTo(page, '/consignmentOrderbill?state=Cancelled');
      await page.locator('.ant-table-row').first().waitFor();
      // the state column shows the whole state beside the fixed actions column
      const states = await page.evaluate(() => {
        const headers = Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => (th as HTMLElement).innerText.trim());
        const at = headers.indexOf('State');
        const view = document.querySelector('.ant-table-content, .ant-table-body')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('.ant-table-tbody .ant-table-row')).map((row) => {
          const cell = row.children[at] as HTMLElement;
          const tag = cell.querySelector('.ant-tag') as HTMLElement;
          const actions = row.lastElementChild!.getBoundingClientRect();
          const c = cell.getBoundingClientRect();
          const g = tag.getBoundingClientRect();
          return {
            text: tag.innerText.trim(),
            inView: g.left >= view.left && g.right <= view.right,
            clearOfActions: g.right <= actions.left,
            // neither the tag nor the cell (an ellipsis cell hides what overflows) cuts the text
            whole: tag.scrollWidth <= tag.clientWidth && cell.scrollWidth <= cell.clientWidth && g.right <= c.right,
          };
        });
      });
      expect(states.length).toBeGreaterThan(0);
      for (const s of states) expect(s).toEqual({ text: 'Cancelled', inView: true, clearOfActions: true, whole: true });
      await page.close();
    });

    it(`keeps fixed table columns under the top bar and the tabs when the list scrolls, at ${width} px`, async () => {
      const page = await signedIn('admin', 'en', { width, height: 720 });
      await goTo(page, '/consignmentOrderbill');
      await page.locator('.ant-table-row').nth(5).waitFor();
      await page.evaluate(() => {
        const table = document.querySelector('.ant-table-tbody')!.getBoundingClientRect();
        window.scrollBy(0, table.top - 40);
      });
      const painted = await page.evaluate(() => {
        const top = document.querySelector('.shell-tabs')!.getBoundingClientRect().bottom;
        const fixed = Array.from(document.querySelectorAll('.ant-table-cell-fix, .ant-table-cell-fix-left, .ant-table-cell-fix-right, .ant-table-cell-fix-start, .ant-table-cell-fix-end'));
        const out: string[] = [];
        for (const cell of fixed) {
          const r = cell.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= top || r.width === 0) continue;
          const x = r.left + r.width / 2;
          for (const y of [Math.max(r.top, 0) + 1, Math.min(r.bottom, top) - 1]) {
            const hit = document.elementFromPoint(x, y);
            if (hit && !hit.closest('.shell-header, .shell-tabs')) out.push(`${(cell as HTMLElement).innerText.slice(0, 20)} at ${Math.round(x)},${Math.round(y)}`);
          }
        }
        return { checked: fixed.filter((c) => { const r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < top; }).length, out };
      });
      await page.screenshot({ path: path.join(SCREENSHOTS, `list-scrolled-${width}.png`) });
      expect(painted.checked).toBeGreaterThan(0);
      expect(painted.out).toEqual([]);
      await page.close();
    });
  }

  it('previews an import (rows and errors) and writes only on confirmation; the template example is never imported', async () => {
    const page = await signedIn('admin', 'zh');
    await goTo(page, '/md/customer');
    await page.getByTestId('md-row-C001').waitFor();

    // the unchanged template: nothing to import
    const template = await fetch(`${t.url}/api/bl-basic/customer/template`, { headers: admin.headers({ 'Accept-Language': 'zh-CN' }) });
    const templateFile = path.join(SCREENSHOTS, 'customer-template.xlsx');
    fs.writeFileSync(templateFile, Buffer.from(await template.arrayBuffer()));
    const answered = page.waitForResponse((r) => r.url().includes('/api/bl-basic/customer/import'));
    await page.getByTestId('md-import-input').setInputFiles(templateFile);
    await answered;
    await page.locator('.ant-message-notice, .ant-notification-notice, [data-testid="md-import-preview"]').first().waitFor();
    const listed = data(await admin.get<Paged<{ code: string }>>('/api/bl-basic/customer/list?size=50&code=EX'));
    expect(listed.records.map((r) => r.code)).toEqual([]);

    // a real file: its rows and errors are shown first, nothing is written until confirmed
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('客户');
    sheet.addRow(['客户编码', '客户简称', '手机号']);
    sheet.addRow(['C101', '华东粮油', '13800138001']);
    sheet.addRow(['C102', '江南饮品', '13800138002']);
    const good = path.join(SCREENSHOTS, 'customers-good.xlsx');
    await wb.xlsx.writeFile(good);
    await page.getByTestId('md-import-input').setInputFiles(good);
    await page.locator('[data-testid="md-import-preview"], .ant-message-success').first().waitFor();
    expect(await page.getByTestId('md-import-preview').count()).toBe(1);
    expect(await page.getByTestId('md-import-preview').innerText()).toContain('华东粮油');
    const before = data(await admin.get<Paged<{ code: string }>>('/api/bl-basic/customer/list?size=50&code=C10'));
    expect(before.records).toEqual([]);
    await page.getByTestId('md-import-confirm').click();
    await page.getByTestId('md-row-C101').waitFor();
    expect(data(await admin.get<Paged<{ code: string }>>('/api/bl-basic/customer/list?size=50&code=C10')).records.map((r) => r.code).sort()).toEqual(['C101', 'C102']);

    // a file with a bad row: its error is listed and nothing can be confirmed
    const wb2 = new ExcelJS.Workbook();
    const sheet2 = wb2.addWorksheet('客户');
    sheet2.addRow(['客户编码', '客户简称', '手机号']);
    sheet2.addRow(['C103', '北方日化', '13800138003']);
    sheet2.addRow(['C104', '', '123']);
    const bad = path.join(SCREENSHOTS, 'customers-bad.xlsx');
    await wb2.xlsx.writeFile(bad);
    await page.getByTestId('md-import-input').setInputFiles(bad);
    await page.getByTestId('md-import-errors').waitFor();
    expect(await page.getByTestId('md-import-errors').innerText()).toContain('3');
    expect(await page.getByTestId('md-import-confirm').count()).toBe(0);
    await page.getByTestId('md-import-close').click();
    expect(data(await admin.get<Paged<{ code: string }>>('/api/bl-basic/customer/list?size=50&code=C103')).records).toEqual([]);
    await page.close();
  });

  it('receives the delivery notice selected in its list early, after the spec\'s confirmation', async () => {
    type Made = { id: string; billNo: string; version: number };
    const W = '/api/bl-warehouse';
    const owner = { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL' };
    const inbound = data(await admin.post<Made>(`${W}/isinstockbill/submit`, { ...owner, details: [{ materialCode: 'M0007', batchNo: 'DNL', qty: 3, warehousePlaceCode: 'B-05-02' }] }));
    data(await admin.post(`${W}/isinstockbill/receive`, { id: inbound.id, version: inbound.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    const bill = data(await admin.post<Made>(`${W}/osoutstockbill/submit`, { ...owner, details: [{ materialCode: 'M0007', qty: 3 }] }));
    let v = data(await admin.post<Made>(`${W}/osoutstockbill/allocate`, { id: bill.id, version: bill.version })).version;
    v = data(await admin.post<Made>(`${W}/osoutstockbill/pick`, { id: bill.id, version: v })).version;
    data(await admin.post(`${W}/osoutstockbill/ship`, { id: bill.id, version: v }));
    const dn = data(await admin.post<Made>(`${W}/osnoticedeliverybill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', outBillNo: bill.billNo, receiverName: 'Wang Fang', expectedDate: '2099-01-02', details: [{ materialCode: 'M0007', qty: 3 }],
    }));
    data(await admin.post(`${W}/osnoticedeliverybill/issue`, { id: dn.id, version: dn.version }));

    const page = await signedIn('admin', 'en');
    await goTo(page, '/outWarehouseManagement/osnoticedeliverybill');
    const row = page.getByTestId(`doc-row-${dn.billNo}`);
    await row.locator('input[type=checkbox]').check();
    await page.getByTestId('list-action-receive_early').click();
    const dialog = page.locator('.ant-modal-confirm:visible');
    await shows(dialog);
    expect(await dialog.innerText()).toContain(`Receive the selected delivery note (DN) early? (${dn.billNo})`);
    await dialog.getByTestId('modal-ok').click();
    await shows(row.getByText('Received early'));
    await page.close();
  });

  it('prompts for a missing quantity as for any required field', async () => {
    const page = await signedIn('admin', 'en');
    await goTo(page, '/consignmentOrderbill/consignmentOrderbillAdd');
    await page.getByTestId('save-button').click();
    const qty = page.locator('.ant-form-item-has-error', { has: page.getByTestId('line-0-qty') });
    await qty.first().waitFor();
    const message = await qty.locator('.ant-form-item-explain').innerText();
    expect(message).toContain('Please input');
    expect(message).not.toContain('must be a number');
    await page.close();
  });

  it('shows a reversed voucher in words (its type, the reversal\'s note, when and who, the reversing voucher) and offers no "Reverse" on a reversal', async () => {
    const V = '/api/bl-warehouse/voucherbill';
    type Made = { id: string; version: number; billNo: string };
    // goods received straight into a location: the row the voucher adds to
    const IN = '/api/bl-warehouse/isinstockbill';
    const receipt = data(await admin.post<Made>(`${IN}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0002', batchNo: 'V1', qty: 5, warehousePlaceCode: 'A-01-02' }] }));
    data(await admin.post(`${IN}/receive`, { id: receipt.id, version: receipt.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    const line = { barcode: `${receipt.billNo}-001`, materialCode: 'M0002', batchNo: 'V1', warehousePlaceCode: 'A-01-02', qty: 1 };
    const made = data(await admin.post<Made>(`${V}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', voucherKind: 'GAIN', reason: '盘盈', details: [line] }));
    data(await admin.post(`${V}/post`, { id: made.id, version: made.version }));
    const original = data(await admin.get<Record<string, unknown>>(`${V}/detail?id=${made.id}`));
    const reversal = data(await admin.post<Made>(`${V}/submit`, { ...voucherbill.sources.voucherbill.copy(original), billDate: '2026-11-25', voucherOffRemark: '重复录入' }));
    data(await admin.post(`${V}/post`, { id: reversal.id, version: reversal.version }));

    const page = await signedIn('admin', 'en');
    await goTo(page, `/voucher/voucherbillView/${made.id}`);
    await shows(page.getByTestId('detail-voucherOffTime'));
    const details = await page.getByTestId('document-details').innerText();
    for (const said of ['Reversed', 'Reversal note', '重复录入', 'Reversal at', 'Reversal by', 'Reversing voucher', reversal.billNo]) expect(details).toContain(said);
    expect(details).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|REVERSED|voucherbill\./);
    expect(await page.getByTestId('make-voucherbill').count()).toBe(0);
    // the reversing voucher names what it reverses, and is not reversed in its turn
    await page.getByTestId(`doc-link-${reversal.billNo}`).first().click();
    await page.waitForFunction((no) => document.querySelector('[data-testid="detail-billNo"]')?.textContent === no, reversal.billNo);
    expect(await page.getByTestId('document-details').innerText()).toContain(made.billNo);
    expect(await page.getByTestId('make-voucherbill').count()).toBe(0);
    await page.close();
  });

  it('names menus alike, speaks without developer words, and shows the demo data in Chinese', async () => {
    const page = await signedIn('admin', 'zh');
    await page.getByTestId('top-menu-data').click();
    await page.getByTestId('menu-basic').waitFor();
    expect((await page.getByTestId('top-menu-data').innerText()).trim()).toBe((await page.getByTestId('menu-basic').innerText()).trim());

    await goTo(page, '/definition/review');
    await page.getByTestId('review-config-table').waitFor();
    await page.locator('[data-testid="review-process-consignment"]').waitFor();
    const review = await page.locator('.shell-page-slot').innerText();
    expect(review).not.toMatch(/isReview|consignment_review/);

    // the demo operator is a Shanghai company: its people, parties and processes have Chinese names
    expect(await page.getByTestId('user-name').innerText()).toMatch(HAN);
    await goTo(page, '/consignmentOrderbill');
    await page.locator('.ant-table-row').first().waitFor();
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((s) => s.trim());
    for (const label of ['发货方', '收货方']) {
      const at = headers.indexOf(label);
      expect(at).toBeGreaterThan(0);
      const cells = await page.locator(`.ant-table-tbody .ant-table-row > td:nth-child(${at + 1})`).allInnerTexts();
      expect(cells.filter((c) => !HAN.test(c))).toEqual([]);
    }
    await goTo(page, '/flowable/work/claim');
    const processes = data(await admin.get<Paged<TaskRow>>('/api/bl-flow/work/claim-list?size=50')).records;
    expect(processes.filter((p) => !HAN.test(p.processName) || !HAN.test(p.taskName))).toEqual([]);
    await page.close();
  });

  it('picks the customer and each line\'s material from search-as-you-type pickers; a material fills its name', async () => {
    const page = await signedIn('admin', 'zh');
    await goTo(page, '/consignmentOrderbill/consignmentOrderbillAdd');
    const customer = page.getByTestId('customerCode');
    await customer.click();
    await page.keyboard.type('C00');
    await shows(page.locator('.ant-select-item-option', { hasText: 'C003' }));
    await page.locator('.ant-select-item-option', { hasText: 'C003' }).click();

    await page.getByTestId('line-0-materialCode').click();
    await page.keyboard.type('M000');
    await shows(page.locator('.ant-select-item-option', { hasText: 'M0002' }));
    await page.locator('.ant-select-item-option', { hasText: 'M0002' }).click();
    const name = data(await admin.get<Paged<{ code: string; name: string }>>('/api/bl-basic/material/list?size=10&code=M0002')).records[0]!.name;
    expect(await page.getByTestId('line-0-name').inputValue()).toBe(name);

    for (const [party, values] of Object.entries({
      consignor: ['金谷贸易', '陈杰', '13922223333', '上海市嘉定区曹安路15号'],
      consignee: ['鲜果超市', '韩梅', '13900139000', '上海市浦东新区市场街9号'],
    })) {
      const [n, linkman, mobile, address] = values;
      await page.getByTestId(`${party}-name`).fill(n!);
      await page.getByTestId(`${party}-linkman`).fill(linkman!);
      await page.getByTestId(`${party}-mobile`).fill(mobile!);
      await page.getByTestId(`${party}-address`).fill(address!);
    }
    await page.getByTestId('deliveryMode').click();
    // this select's own option: the material picker's list, still closing, would match "the first visible option"
    await page.locator('.ant-select-item-option', { hasText: '送货上门' }).click();
    await page.getByTestId('line-0-qty').fill('5');
    await page.getByTestId('save-button').click();
    await page.waitForURL(/\/consignmentOrderbill\/consignmentOrderbillView\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const saved = data(await admin.get<{ customerCode: string; lines: { materialCode: string; name: string }[] }>(`/api/bl-transport/consignment/detail?id=${id}`));
    expect(saved.customerCode).toBe('C003');
    expect(saved.lines[0]).toMatchObject({ materialCode: 'M0002', name });
    await page.close();
  });
});
