import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { KitDocument, Page as Paged } from '@tpl/contracts';
import { FIRST_PAGE, fillSignIn, launchChromium, SCREENSHOTS, WEB_DIST, visit } from '../support/browser';
import { data, type ApiClient } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 28 item 7, words not codes, in Chromium on the demo tenant: each screen seen to show
 * codes, keys, ids, JSON or paths where words belong now shows the words (names beside codes, a
 * document by its number, labels of types, methods and states, history as field: before → after,
 * tabs naming the document, the mode and the number, distinct menu names, the role editor's tree
 * saving what was ticked, the tenant's time zone). One host, one browser; the browser runs in New
 * York so that a time shown in the browser's zone instead of the tenant's (Shanghai) is seen.
 */
describe('words, not codes (issue 28 item 7)', () => {
  let t: TestHost;
  let browser: Browser;
  let admin: ApiClient;
  let inbound: KitDocument;

  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const RAW_KEY = /\b[a-z]+(\.[a-zA-Z_]+){2,}\b/;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true, { demoMonth: true }), launchChromium()]);
    admin = await t.client().as('100001', 'admin', 'admin');
    // an inbound bill received at 10:00 in Shanghai and put away in two parts
    const places = data(await admin.get<Paged<{ code: string }>>('/api/bl-basic/warehouseplace/list?current=1&size=10&warehouseAreaCode=SH1-A')).records.map((p) => p.code);
    const made = data(
      await admin.post<{ id: string; version: number }>('/api/bl-warehouse/isinstockbill/submit', {
        billDate: '2026-11-27', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL',
        details: [{ materialCode: 'M0007', batchNo: 'B-WORDS-1', qty: 12 }, { materialCode: 'M0012', batchNo: 'B-WORDS-2', qty: 5 }],
      }),
    );
    let v = data(await admin.post<{ version: number }>('/api/bl-warehouse/isinstockbill/receive', { id: made.id, version: made.version, receivedAt: '2026-11-27T02:00:00.000Z' })).version;
    v = data(await admin.post<{ version: number }>('/api/bl-warehouse/isinstockbill/put-away', { id: made.id, version: v, placements: [{ lineNumber: 1, warehousePlaceCode: places[0], qty: 6 }, { lineNumber: 2, warehousePlaceCode: places[1], qty: 2 }] })).version;
    data(await admin.post('/api/bl-warehouse/isinstockbill/put-away', { id: made.id, version: v, placements: [{ lineNumber: 1, warehousePlaceCode: places[2], qty: 6 }, { lineNumber: 2, warehousePlaceCode: places[1], qty: 3 }] }));
    inbound = data(await admin.get<KitDocument>(`/api/bl-warehouse/isinstockbill/detail?id=${made.id}`));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** A page of its own browser context (its own session), signed in through the sign-in page; the browser in New York. */
  const signedIn = async (account: string, lang: 'zh' | 'en' = 'zh'): Promise<Page> => {
    const own = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/New_York' });
    const page = await own.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByTestId(`lang-${lang}`).click();
    await fillSignIn(page, account, account === 'admin' ? 'admin' : 'demo123');
    await page.waitForURL((u) => u.pathname === FIRST_PAGE);
    return page;
  };
  const open = async (page: Page, url: string) => {
    await visit(page, t.url, url);
    await page.locator(`.shell-page[data-page="${new URL(url, t.url).pathname}"]`).waitFor();
  };
  /** Waits until the shown page's text holds `text` (a name the names lookup brings, a number a document link reads). */
  const shows = (page: Page, text: string, within = '.shell-page-slot') => page.locator(within).getByText(text, { exact: false }).first().waitFor({ timeout: 20_000 });
  const pageText = (page: Page) => page.locator('.shell-page-slot').innerText();
  const activeTab = (page: Page) => page.locator('[data-testid^="tab-"][data-active="true"]').innerText();
  const noCodes = async (page: Page, where: string) => {
    const text = await pageText(page);
    expect({ where, uuid: UUID.exec(text)?.[0] ?? null, key: RAW_KEY.exec(text)?.[0] ?? null, json: /[{[]"/.exec(text)?.[0] ?? null }).toEqual({ where, uuid: null, key: null, json: null });
  };
  const ofState = async (name: string, service: string, state: string) =>
    data(await admin.get<Paged<KitDocument>>(`/api/${service}/${name}/list?current=1&size=50`)).records.find((d) => d.state === state)!;

  it('an inbound bill reads in words: owner and materials named, every put-away part with its words, the time in the tenant\'s zone, the tab naming the bill', async () => {
    const page = await signedIn('admin');
    await open(page, `/warehousingManagement/isinstockbillFormView/${inbound.id}`);
    await shows(page, 'C001 安可食品');
    await shows(page, 'M0007 ');
    // both parts of the put-away, not only the last, with their own column titles
    const log = page.getByTestId('facts-log-putAway');
    await log.waitFor();
    expect(await log.locator('tbody tr.ant-table-row').count()).toBe(4);
    expect(await log.locator('thead').innerText()).toMatch(/上架时间[\s\S]*经办人[\s\S]*明细行[\s\S]*库位[\s\S]*数量/);
    // received at 10:00 in Shanghai (02:00 UTC): the tenant's clock, not New York's (21:00 the day before)
    expect(await page.getByTestId('detail-receivedAt').innerText()).toBe('2026-11-27 10:00:00');
    expect(await activeTab(page)).toBe(`入库单 · 查看 · ${inbound.billNo}`);
    await noCodes(page, 'inbound details');
    // its history: field: value with names, rows in words, no JSON
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-1').waitFor();
    await shows(page, '货主: C001 安可食品');
    await shows(page, '库位 A-01-0');
    await noCodes(page, 'inbound history');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'words-inbound.png'), fullPage: true });
    await page.context().close();
  });

  it('a dispatch bill fits the screen and reads its freight in words; an order names its notes by number; a delivery names its signer once', async () => {
    const page = await signedIn('admin');
    const dispatch = await ofState('dispatch', 'bl-transport', 'Issued');
    await open(page, `/dispatchBill/dispatchBillView/${dispatch.id}`);
    await page.getByTestId('facts-freightLines').waitFor();
    await shows(page, '线路运价', '[data-testid="facts-freightLines"]');
    expect(await page.getByTestId('facts-freightLines').innerText()).not.toMatch(/basicpay|WEIGHT|pkg/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await shows(page, 'YD20');
    await noCodes(page, 'dispatch');

    const order = await ofState('consignment', 'bl-transport', 'Signed');
    await open(page, `/consignmentOrderbill/consignmentOrderbillView/${order.id}`);
    await page.getByTestId('facts-notes').locator('a', { hasText: /^YD\d+/ }).first().waitFor();
    await noCodes(page, 'order');
    await page.getByTestId('tab-history').click();
    await page.locator('[data-event="ConsignmentAccepted"] a', { hasText: /^YD\d+/ }).first().waitFor();
    await noCodes(page, 'order history');

    const delivery = await ofState('deliverybill', 'bl-transport', 'Signed');
    await open(page, `/deliveryBill/deliveryBillView/${delivery.id}`);
    await page.getByTestId('document-facts').waitFor();
    const facts = await page.getByTestId('document-facts').innerText();
    // the signing once: one signer (the consignee's contact) and the user who keyed it in, labelled apart
    expect(facts.match(/签收人/g)).toHaveLength(1);
    expect(facts.match(/签收时间/g)).toHaveLength(1);
    expect(facts).toContain('签收经办人');
    await noCodes(page, 'delivery');
    await page.context().close();
  });

  it('tabs name the document and the mode: a new form is 新增, never 查看, never a path', async () => {
    const page = await signedIn('admin');
    await open(page, '/consignmentOrderbill/consignmentOrderbillAdd');
    expect(await activeTab(page)).toBe('托运单 · 新增');
    await open(page, '/warehousingManagement/isinstockbillForm');
    expect(await activeTab(page)).toBe('入库单 · 新增');
    const tabs = await page.locator('[data-testid^="tab-/"]').allInnerTexts();
    expect(tabs.filter((x) => x.includes('/'))).toEqual([]);
    await page.context().close();
  });

  it('finance reads distinct menu entries, month bills with their state in words and owners by name, agreements with their version as a time', async () => {
    // the demo month is the month before today's business day (Shanghai)
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).split('-').map(Number) as [number, number];
    const last = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    const finance = await t.client().as('100001', 'finance');
    data(await finance.post('/api/bl-billing/monthbill/generate', { month: last }));
    const page = await signedIn('finance');
    await page.getByTestId('menu-acct').click();
    const entries = await page.locator('.shell-sider .ant-menu-sub .ant-menu-item').allInnerTexts();
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.filter((e, i) => entries.indexOf(e) !== i)).toEqual([]);
    await open(page, '/acct/report/costbillView');
    await shows(page, '已生成');
    await shows(page, 'C001 安可食品');
    expect(await pageText(page)).not.toContain('Generated');
    const bill = data(await finance.get<Paged<KitDocument>>('/api/bl-billing/monthbill/list?current=1&size=10&customerCode=C001')).records[0]!;
    await open(page, `/acct/monthbillFormView/${bill.id}`);
    await page.getByTestId('bill-charges').waitFor();
    await page.locator('[data-testid^="explain-open-"][data-testid$="-STORAGE"]').first().click();
    const agreement = page.getByTestId('explain-agreement').first();
    await agreement.waitFor();
    await shows(page, '仓储协议', '[data-testid="explain-drawer"]');
    expect(await agreement.innerText()).toMatch(/^AG-\S+ .+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 版$/);
    expect(await page.getByTestId('explain-drawer').innerText()).not.toMatch(/\d{20}|\d+:\d{4}/);
    await noCodes(page, 'month bill');
    await page.context().close();
  });

  it('the inbox names the roles that may claim a task; the stream names its bill types', async () => {
    const approver = await t.client().as('100001', 'approver');
    const claim = data(await approver.get<Paged<{ taskId: string }>>('/api/bl-flow/work/claim-list?size=10'));
    const page = await signedIn('approver');
    if (claim.total > 0) {
      await open(page, '/flowable/work/claim');
      await page.getByTestId('task-candidates').first().waitFor();
      await shows(page, '角色 审批人');
      expect(await page.getByTestId('task-candidates').first().innerText()).not.toMatch(/\b(approver|admin)\b/);
    }
    await page.context().close();
    const keeper = await signedIn('keeper');
    await open(keeper, '/reportManagement/stockStreamDetailView');
    await shows(keeper, '12 入库单');
    expect(await pageText(keeper)).not.toMatch(/isinstockbill|osoutstockbill/);
    await keeper.context().close();
  });

  it('the role editor shows menus and buttons as a searchable tree in words and saves what was ticked', async () => {
    const page = await signedIn('admin');
    await open(page, '/md/role/new');
    await page.getByTestId('role-menu-tree').waitFor();
    await page.getByTestId('md-field-roleName').fill('派车复核员');
    await page.getByTestId('md-field-roleAlias').fill('dispatchChecker');
    await page.getByTestId('role-menu-search').fill('派车单');
    const node = page.getByTestId('menu-node-dispatch');
    await node.waitFor();
    // the tree names buttons by their actions, never `dispatch_issue issue`
    expect(await page.getByTestId('role-menu-tree').innerText()).toContain('派车');
    await page.locator('.ant-tree-treenode', { has: node }).locator('.ant-tree-checkbox').click();
    await page.locator('[data-testid="role-menu-count"]:not([data-count="0"])').waitFor();
    await page.getByTestId('md-save').click();
    await page.waitForURL(/\/md\/role\/[0-9a-f-]{36}$/);
    const saved = data(await admin.get<Paged<{ roleAlias: string; menus?: string[] }>>('/api/bl-system/role/list?current=1&size=50&roleAlias=dispatchChecker')).records[0]!;
    expect(saved.menus).toEqual(expect.arrayContaining(['transport', 'dispatch', 'dispatch_issue', 'dispatch_add']));
    expect(saved.menus).not.toContain('consignment');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'words-role.png'), fullPage: true });
    await page.context().close();
  });

  it('the board picks the departure as yyyy-MM-dd HH:mm, not with the browser\'s own date input; the signature pad is framed', async () => {
    const page = await signedIn('dispatcher');
    await open(page, '/dispatchBoard');
    const departure = page.getByTestId('drop-departure');
    await departure.waitFor();
    expect(await departure.getAttribute('type')).not.toBe('datetime-local');
    expect(await departure.getAttribute('placeholder')).toBe('计划发车时间（默认现在）');
    // an arrival reviewed releases its delivery for signing: the signing page's pad
    const arrival = data(await admin.get<Paged<KitDocument>>('/api/bl-transport/arrivalbill/list?current=1&size=50')).records.find((d) => d.state === 'AwaitingReview')!;
    data(await admin.post('/api/bl-transport/arrivalbill/review', { id: arrival.id, version: arrival.version, reviewResult: 'OK' }));
    const delivery = data(await admin.get<Paged<KitDocument>>('/api/bl-transport/deliverybill/list?current=1&size=50')).records.find((d) => d.state === 'ToSign')!;
    await open(page, `/deliveryBill/deliveryBillEdit/${delivery.id}`);
    const pad = page.getByTestId('signature-pad');
    await pad.waitFor();
    expect(await pad.evaluate((el) => getComputedStyle(el).borderTopStyle)).not.toBe('none');
    await page.context().close();
  });
});
