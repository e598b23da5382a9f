import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { LABEL_PRINT_LIST, PACKAGE_LIST, REPORT_PATHS, appointment } from '@tpl/contracts';
import { data, type ApiClient } from '../support/api-client';
import { choose, launchChromium, printOpensPdf, SCREENSHOTS, signInPage, toasts, visit, WEB_DIST } from '../support/browser';
import { confirm, pick, PHOTO, save, stateIs } from '../support/console';
import { fillField } from '../support/document-walker';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The keeper's day in Chromium, on the console's own screens: a booked inbound audited, its
 * goods received at the dock, labels printed, put away by scanning on a phone, an outbound
 * order audited, its bill allocated and picked, a load bill loading and shipping it. After each
 * step the stock report (stock by details) says what the ledger holds, and once, as of an
 * instant between receipt and put-away, it says how things stood then.
 */
type Result = { id: string; billNo: string; version: number; state: string };
const W = '/api/bl-warehouse';
const MATERIAL = 'M0007';

describe('keeper journey in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let admin: ApiClient;
  let page: Page;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true), launchChromium()]);
    admin = await t.client().as('100001', 'admin', 'admin');
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInPage(page, t.url, 'keeper');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const state = async (doc: string, id: string) => data(await admin.get<Result>(`${W}/${doc}/detail?id=${id}`)).state;
  const until = async (doc: string, id: string, wanted: string) => {
    for (let i = 0; i < 100 && (await state(doc, id)) !== wanted; i++) await new Promise((r) => setTimeout(r, 100));
    // on a miss, what the console said (an action's refusal is shown as a toast) travels with the state
    const now = await state(doc, id);
    expect(now === wanted ? now : `${now} (console: ${(await toasts(page)).join(' | ') || 'nothing shown'})`).toBe(wanted);
  };
  /** Presses an action on a document's view page and confirms its dialog (fields left to their defaults). */
  const act = async (route: string, id: string, event: string) => {
    await page.goto(`${t.url}${route}/${id}`);
    await page.getByTestId(`action-${event}`).click();
    await choose(page, 'modal-ok');
  };
  /** The stock report's sum of quantities for the material (at a place, as of an instant, when given). */
  const reportQty = async (q: Record<string, string> = {}) => {
    const params = new URLSearchParams({ customerCode: 'C001', materialCode: MATERIAL, ...q });
    // the report's answer to these very filters (under load the table's empty state could be read
    // before the filtered query had even been sent)
    const answered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname.endsWith('/stockbydetails/list') && [...params].every(([k, v]) => k === 'asOf' || url.searchParams.get(k) === v);
    });
    await page.goto(`${t.url}${REPORT_PATHS.stockByDetails}?${params}`);
    await answered;
    await page.getByTestId('report-stockByDetails').waitFor();
    const sum = page.getByTestId('sum-qty');
    // the table's empty state once loaded: while the rows load it shows that state under its spinner
    const empty = page.locator('.ant-spin-container:not(.ant-spin-blur) .ant-empty');
    await Promise.race([sum.waitFor(), empty.waitFor()]);
    return (await sum.count()) ? Number((await sum.textContent())!.replace(/,/g, '')) : 0;
  };

  it('books, receives, labels, puts away by scanning, allocates, picks, loads and ships; the stock report follows every step', async () => {
    // booked inbound, audited by the keeper
    const booking = data(await admin.post<Result>(`${W}/orderisinstockbill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', planDate: '2026-11-24',
      details: [{ materialCode: MATERIAL, batchNo: 'KJ', qty: 8, qtyWeg: 5, volume: 0.8 }],
    }));
    await act('/warehousingManagement/orderIsinstockbillFormView', booking.id, 'audit');
    await until('orderisinstockbill', booking.id, 'Audited');
    expect(await reportQty()).toBe(0);

    // received at the dock against the booking
    const bill = data(await admin.post<Result>(`${W}/isinstockbill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', applyNo: booking.billNo,
      details: [{ materialCode: MATERIAL, batchNo: 'KJ', qty: 8, qtyWeg: 5, volume: 0.8 }],
    }));
    await act('/warehousingManagement/isinstockbillFormView', bill.id, 'receive');
    await until('isinstockbill', bill.id, 'Received');
    await until('orderisinstockbill', booking.id, 'Received');
    expect(await reportQty({ warehousePlaceCode: 'RECV-SH1-B' })).toBe(8);
    const received = new Date().toISOString();

    // labels
    await page.goto(`${t.url}/warehousingManagement/isinstockbillFormView/${bill.id}`);
    await printOpensPdf(page, () => page.getByTestId('doc-print-labels').click());

    // put away by scanning on a phone
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInPage(phone, t.url, 'keeper');
    await phone.goto(`${t.url}/scan/putaway`);
    const scan = async (code: string) => {
      const input = phone.getByTestId('scan-input');
      await input.waitFor();
      await phone.waitForFunction(() => !(document.querySelector('[data-testid="scan-input"]') as HTMLInputElement | null)?.disabled);
      await input.pressSequentially(code);
      await input.press('Enter');
    };
    const panel = (s: string) => phone.locator(`[data-testid="scan-panel"][data-state="${s}"]`).waitFor();
    await panel('bill');
    await scan(bill.billNo);
    await panel('place');
    await scan('B-04-01');
    await panel('item');
    await scan(`${bill.billNo}-001`);
    await panel('quantity');
    await scan('8');
    await panel('confirm');
    await phone.getByTestId('scan-input').press('Enter');
    await panel('done');
    await phone.close();
    await until('isinstockbill', bill.id, 'Stored');
    expect(await reportQty({ warehousePlaceCode: 'B-04-01' })).toBe(8);
    expect(await reportQty({ warehousePlaceCode: 'RECV-SH1-B' })).toBe(0);

    // outbound: the order audited, its bill allocated and picked
    const order = data(await admin.post<Result>(`${W}/orderosoutstockbill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', planDate: '2026-11-25', details: [{ materialCode: MATERIAL, qty: 5 }],
    }));
    await act('/outWarehouseManagement/orderOsoutstockbillFormView', order.id, 'audit');
    await until('orderosoutstockbill', order.id, 'Audited');
    const out = data(await admin.post<Result>(`${W}/osoutstockbill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', applyNo: order.billNo, details: [{ materialCode: MATERIAL, qty: 5 }],
    }));
    await act('/outWarehouseManagement/osoutstockbillFormView', out.id, 'allocate');
    await until('osoutstockbill', out.id, 'Allocated');
    expect(await reportQty()).toBe(8);
    await act('/outWarehouseManagement/osoutstockbillFormView', out.id, 'pick');
    await until('osoutstockbill', out.id, 'Picked');

    // the load bill loads and ships it
    const load = data(await admin.post<Result>(`${W}/loadbill/submit`, {
      billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', carNo: '沪A12345', details: [{ osBillNo: out.billNo, packages: 5 }],
    }));
    await act('/loadHandle/loadbillFormView', load.id, 'start_loading');
    await until('loadbill', load.id, 'Loading');
    await act('/loadHandle/loadbillFormView', load.id, 'finish_loading');
    await until('loadbill', load.id, 'Loaded');
    await act('/loadHandle/loadbillFormView', load.id, 'ship');
    await until('loadbill', load.id, 'Shipped');
    await until('osoutstockbill', out.id, 'Shipped');
    expect(await reportQty()).toBe(3);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'keeper-journey-stock.png'), fullPage: true });

    // as of the instant after receipt: all eight at the dock, none placed yet
    expect(await reportQty({ asOf: received, warehousePlaceCode: 'RECV-SH1-B' })).toBe(8);
    expect(await reportQty({ asOf: received, warehousePlaceCode: 'B-04-01' })).toBe(0);
  }, 240_000);

  it("shows a load as the driver reads it, printable, and corrects its loading times (an end before the start refused, naming it)", async () => {
    // the three pieces left, on a second load: picked, loading started and finished
    const out = data(await admin.post<Result>(`${W}/osoutstockbill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', receiverName: '王芳', details: [{ materialCode: MATERIAL, qty: 3 }],
    }));
    const allocated = data(await admin.post<Result>(`${W}/osoutstockbill/allocate`, { id: out.id, version: out.version }));
    data(await admin.post<Result>(`${W}/osoutstockbill/pick`, { id: out.id, version: allocated.version }));
    const load = data(await admin.post<Result>(`${W}/loadbill/submit`, {
      billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', carNo: '沪A54321', platformNumber: 'D7', details: [{ osBillNo: out.billNo, packages: 3 }],
    }));
    const started = data(await admin.post<Result>(`${W}/loadbill/start-loading`, { id: load.id, version: load.version }));
    const loaded = data(await admin.post<Result>(`${W}/loadbill/finish-loading`, { id: load.id, version: started.version }));

    // the load sheet (/loadHandle/loadbillFormShow), from the load's view: vehicle, dock, the bill with its consignee and goods, the totals
    await visit(page, t.url, `/loadHandle/loadbillFormView/${load.id}`);
    await page.getByTestId('open-load-sheet').click();
    const sheet = page.getByTestId('load-sheet');
    await sheet.getByTestId('load-bill-0').getByText(MATERIAL).first().waitFor();
    expect(await sheet.getByTestId('load-carNo').innerText()).toBe('沪A54321');
    expect(await sheet.getByTestId('load-platformNumber').innerText()).toBe('D7');
    expect(await sheet.getByTestId('load-bill-0').innerText()).toContain(out.billNo);
    expect(await sheet.getByTestId('load-bill-0').innerText()).toContain('王芳');
    expect(await sheet.getByTestId('load-total').innerText()).toContain('outbound bills 1, packages 3');
    await sheet.getByTestId('load-print').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'keeper-load-sheet.png'), fullPage: true });

    // its times (/loadHandle/loadbillTimeEdit), from the view: starting from those recorded; an end before the start is refused, naming the field
    await sheet.getByTestId('load-back').click();
    await page.getByTestId('open-load-times').click();
    const form = page.getByTestId('load-times');
    const start = form.getByTestId('loadingStartTime').first();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="load-times"] [data-testid="loadingStartTime"]') as HTMLInputElement | null)?.value ?? '') !== '');
    const startShown = await start.inputValue();
    const end = form.getByTestId('loadingEndTime').first();
    const setEnd = async (value: string) => {
      await end.click();
      await end.fill(value);
      await end.press('Enter');
    };
    await setEnd('2026-01-01 08:00:00');
    await form.getByTestId('load-times-submit').click();
    await form.getByTestId('load-times-error').getByText('Loading ended cannot be before Loading started').waitFor();
    expect(data(await admin.get<Result>(`${W}/loadbill/detail?id=${load.id}`)).version).toBe(loaded.version);
    // the end a second after the start as shown: taken, back on the view, a fact of the history
    await setEnd(new Date(Date.parse(`${startShown.replace(' ', 'T')}Z`) + 1000).toISOString().slice(0, 19).replace('T', ' '));
    await form.getByTestId('load-times-submit').click();
    await page.getByTestId('open-load-sheet').waitFor();
    const corrected = data(await admin.get<Result & { loadingStartTime: string; loadingEndTime: string }>(`${W}/loadbill/detail?id=${load.id}`));
    expect({ version: corrected.version, inOrder: Date.parse(corrected.loadingEndTime) >= Date.parse(corrected.loadingStartTime) }).toEqual({ version: loaded.version + 1, inOrder: true });
    const history = data(await admin.get<{ type: string }[]>(`${W}/loadbill/history?id=${load.id}`));
    expect(history.at(-1)?.type).toBe('LoadBillLoadingTimesCorrected');
  }, 120_000);

  it("opens each read-only screen from its bill's view: batches, incidental fees, printed barcodes, photos, stock preparation", async () => {
    // an inbound bill with a batch, a photo, labels printed and a handling bill made out for it; an outbound bill allocated
    const form = new FormData();
    form.append('file', new Blob([PHOTO], { type: 'image/png' }), 'seal.png');
    const photo = ((await (await fetch(`${t.url}/api/bl-resource/attach/upload`, { method: 'POST', headers: admin.headers(), body: form })).json()) as { data: { id: string } }).data;
    const bill = data(await admin.post<Result>(`${W}/isinstockbill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', photos: [{ attachId: photo.id }],
      details: [{ materialCode: MATERIAL, batchNo: 'SB1', customerBatchNo: 'KH-77', productionDate: '2026-11-01', expiringDate: '2027-11-01', qty: 6, qtyWeg: 5, warehousePlaceCode: 'B-04-03' }],
    }));
    expect((await fetch(`${t.url}${W}/isinstockbill/print/labels?id=${bill.id}`, { method: 'POST', headers: admin.headers({ 'Content-Type': 'application/json' }), body: '{}' })).status).toBe(200);
    const fee = data(await admin.post<Result>('/api/bl-billing/handlingbill/submit', {
      billDate: '2026-11-24', customerCode: 'C001', handlingType: 'UNLOADING', direction: 'IN', relatedBillNo: bill.billNo, unitCode: 'T', qty: 2, price: 18,
    }));
    data(await admin.post<Result>('/api/bl-billing/handlingbill/audit', { id: fee.id, version: fee.version }));
    data(await admin.post<Result>(`${W}/isinstockbill/receive`, { id: bill.id, version: bill.version }));
    const out = data(await admin.post<Result>(`${W}/osoutstockbill/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: MATERIAL, batchNo: 'SB1', qty: 4 }] }));
    data(await admin.post<Result>(`${W}/osoutstockbill/allocate`, { id: out.id, version: out.version }));

    const view = `/warehousingManagement/isinstockbillFormView/${bill.id}`;
    const open = async (link: string, screen: string) => {
      await page.getByTestId(`screen-link-${link}`).click();
      await page.getByTestId(screen).waitFor();
      expect(await page.getByTestId(screen).getByTestId('screen-billNo').textContent()).toBe(bill.billNo);
    };
    const back = async () => {
      await page.getByTestId('back-to-document').click();
      await page.getByTestId('view-billNo').filter({ hasText: bill.billNo }).waitFor();
    };
    await visit(page, t.url, view);
    await page.getByTestId('view-billNo').filter({ hasText: bill.billNo }).waitFor();

    // the batches: batch, owner's batch, production and expiry dates, quantity, the material by name
    await open('stockBatch', 'screen-batches');
    const cell = (f: string) => page.getByTestId(`batch-1-${f}`).textContent();
    expect([await cell('batchNo'), await cell('customerBatchNo'), await cell('productionDate'), await cell('expiringDate'), await cell('qty')]).toEqual(['SB1', 'KH-77', '2026-11-01', '2027-11-01', '6']);
    await page.waitForFunction((m) => (document.querySelector('[data-testid="batch-1-materialCode"]')?.textContent ?? '').length > m.length, MATERIAL);
    await back();

    // the incidental fees: the handling bill billing made out for the inbound bill, its work in words and its amount
    await open('inboundFees', 'screen-fees');
    await page.getByTestId(`fee-${fee.billNo}-amount`).waitFor();
    expect(await page.getByTestId(`fee-${fee.billNo}-amount`).textContent()).toContain('36');
    expect(await page.getByTestId(`fee-${fee.billNo}-type`).textContent()).toBe('Unloading');
    expect(await page.getByTestId('fees-total').textContent()).toContain('36');
    await back();

    // the printed barcodes: the print, its barcode and labels; a reprint opens the PDF again and is listed
    await open('printedLabels', 'screen-labels');
    expect(await page.getByTestId('print-1-barcode-1').textContent()).toBe(`${bill.billNo}-001`);
    await printOpensPdf(page, () => page.getByTestId('reprint-1').click());
    await page.getByTestId('print-2').waitFor();
    await back();

    // the photos: the bill's photo shown (full size on click: the image's preview)
    await open('images', 'screen-images');
    await page.getByTestId('image-0-img').waitFor();
    await back();

    // the outbound bill's stock preparation: from which location, how many, not picked yet
    await visit(page, t.url, `/outWarehouseManagement/osoutstockbillFormView/${out.id}`);
    await page.getByTestId('screen-link-preparation').click();
    await page.getByTestId('preparation-table').waitFor();
    await page.getByTestId('prep-1-status').waitFor();
    expect(await page.getByTestId('prep-1-qty').textContent()).toBe('4');
    expect(await page.getByTestId('prep-1-place').textContent()).toContain('B-04-03');
    expect(await page.getByTestId('prep-1-status').getAttribute('data-status')).toBe('toPick');
  }, 120_000);
  it('the guard at the gate (issue 31), on a tablet: registers a driver, reads the notices and books; checks the driver in, inspects (the photo its location asks for), checks out', async () => {
    const tablet = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await signInPage(tablet, t.url, 'guard');
    // a driver registered on the driver's registration screen, booked into a free slot of dock D01
    const siteClock = (t: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(t));
    await tablet.goto(`${t.url}${appointment.routes.new}`);
    await tablet.getByTestId('save-button').waitFor();
    const h = appointment.header;
    await fillField(tablet, 'visitName', 'visitName', h.visitName, '钱师傅');
    await fillField(tablet, 'phone', 'phone', h.phone, '13912348888');
    await fillField(tablet, 'idCard', 'idCard', h.idCard);
    await fillField(tablet, 'carNo', 'carNo', h.carNo, '沪G77777');
    await fillField(tablet, 'healthCondition', 'healthCondition', h.healthCondition);
    // the dock picked (number and name), then a day and one of its free slots: no time is typed
    await pick(tablet, 'dockCode', 'D01', 'D01');
    await tablet.getByTestId('slot-picker').waitFor();
    await tablet.getByTestId('appointmentTime').waitFor({ state: 'detached' });
    const slots = tablet.getByTestId('slot-options');
    await slots.waitFor();
    // the demo's booked driver holds a later slot of D01 (named by number), and slots begun are past: both disabled, in words
    const held = slots.locator('[data-status="taken"]').first();
    if (await held.count()) {
      expect(await held.textContent()).toMatch(/taken by YY\d+/);
      expect(await held.evaluate((e) => e.closest('label')?.className ?? '')).toContain('ant-radio-button-wrapper-disabled');
    }
    expect(await slots.locator('[data-status="taken"], [data-status="past"]').count()).toBeGreaterThan(0);
    if (!(await slots.locator('[data-status="free"]').count())) {
      // late in the site's day: the first free slot is tomorrow's
      const day = tablet.getByTestId('slot-day');
      await day.click();
      await day.fill(siteClock(Date.now() + 86_400_000).slice(0, 10));
      await day.press('Enter');
      await slots.locator('[data-status="free"]').first().waitFor();
    }
    const free = slots.locator('[data-status="free"]').first();
    const start = (await free.getAttribute('data-start'))!;
    await free.click();
    await tablet.getByTestId('slot-chosen').getByText('D01 1号月台').waitFor();
    await tablet.screenshot({ path: path.join(SCREENSHOTS, 'gate-slots.png') });
    await save(tablet);
    await stateIs(tablet, 'Draft');
    const billNo = (await tablet.getByTestId('view-billNo').textContent())!.trim();
    // the slot chosen is the appointment time (the booking takes that slot)
    expect((await tablet.getByTestId('detail-appointmentTime').textContent())!.trim()).toBe(siteClock(Date.parse(start)));

    // the notices, read one after the other in the reader's language, then the booking submitted
    await tablet.getByTestId('open-notices').click();
    await tablet.getByTestId('notice-safety-text').getByText('high-visibility vest').waitFor();
    await tablet.screenshot({ path: path.join(SCREENSHOTS, 'gate-notices.png') });
    await tablet.getByTestId('notices-readSafety').click();
    await tablet.getByTestId('notice-factory-text').getByText("follow the guards' directions").waitFor();
    await tablet.getByTestId('notices-readFactory').click();
    await tablet.locator('[data-testid="notices-page"][data-state="NoticesRead"]').waitFor();
    await tablet.getByTestId('notices-book').click();
    await stateIs(tablet, 'Booked');

    // the check-in screen: today's arrivals, found by plate
    await tablet.goto(`${t.url}/appointment/gateCheckIn`);
    await tablet.getByTestId('gate-search').locator('input').fill('G777');
    const card = tablet.getByTestId(`arrival-${billNo}`);
    await card.waitFor();
    await tablet.getByTestId(`gate-checkIn-${billNo}`).click();
    await pick(tablet, 'gateCode', 'G1', 'G1');
    await confirm(tablet);
    await tablet.locator(`[data-testid="arrival-${billNo}"][data-state="CheckedIn"]`).waitFor();

    // the truck's inspection asks for a photo: refused without it, in words, and passed with it
    await tablet.getByTestId(`gate-inspect-${billNo}`).click();
    await pick(tablet, 'inspectionLocationCode', 'SI2', 'SI2');
    await tablet.getByTestId('modal-ok').last().click();
    await tablet.locator('.ant-modal-wrap:visible').getByText('requires a photo').first().waitFor();
    await fillField(tablet, 'inspectionPhoto', 'inspectionPhoto', appointment.actions.inspect.fields.inspectionPhoto);
    await confirm(tablet);
    await tablet.locator(`[data-testid="arrival-${billNo}"][data-state="Inspected"]`).waitFor();
    await tablet.screenshot({ path: path.join(SCREENSHOTS, 'gate-checkin.png') });

    // checked out: gone from the waiting list, there with those gone
    await tablet.getByTestId(`gate-checkOut-${billNo}`).click();
    await confirm(tablet);
    await card.waitFor({ state: 'detached' });
    await tablet.getByTestId('gate-all').click();
    await tablet.locator(`[data-testid="arrival-${billNo}"][data-state="CheckedOut"]`).waitFor();
    await tablet.close();
  }, 180_000);

  it("packs a temporary package, prints its label from its view and again from its printed labels, finds every print on the printed labels page, and reads the package where the stock holds it", async () => {
    const made = data(await admin.post<Result>(`${W}/isinstockbill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: MATERIAL, batchNo: 'TP1', qty: 4, qtyWeg: 5, warehousePlaceCode: 'B-05-01' }],
    }));
    data(await admin.post<Result>(`${W}/isinstockbill/receive`, { id: made.id, version: made.version }));
    const pack = data(await admin.post<Result>(`${W}/packagetemporarybill/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', warehousePlaceCode: 'B-05-02', packageType: 'Pallet',
      details: [{ barcode: `${made.billNo}-001`, materialCode: MATERIAL, batchNo: 'TP1', warehousePlaceCode: 'B-05-01', qty: 4 }],
    }));
    await act('/otherBill/packagetemporarybillFormView', pack.id, 'pack');
    await until('packagetemporarybill', pack.id, 'Packed');

    // the label, from the package's view; then its printed labels: the print under the package's barcode, reprinted
    await page.goto(`${t.url}/otherBill/packagetemporarybillFormView/${pack.id}`);
    await printOpensPdf(page, () => page.getByTestId('doc-print-package-label').click());
    await page.getByTestId('screen-link-printedPackageLabels').click();
    await page.getByTestId('screen-labels').waitFor();
    await page.getByTestId('print-1-barcode-0').waitFor();
    expect(await page.getByTestId('print-1-barcode-0').textContent()).toBe(pack.billNo);
    await printOpensPdf(page, () => page.getByTestId('reprint-1').click());
    await page.getByTestId('print-2').waitFor();

    /** A page of the work menu, opened from its group. */
    const fromMenu = async (group: string, code: string, path: string) => {
      await page.getByTestId('top-menu-work').click();
      const entry = page.getByTestId(`menu-${code}`);
      await page.getByTestId(`menu-${group}`).waitFor();
      if (!(await entry.isVisible())) await page.getByTestId(`menu-${group}`).click();
      await entry.click();
      await page.locator(`.shell-page[data-page="${path}"]`).waitFor();
    };

    // every label printed: the package's two prints by their number, who printed, and a reprint from the row
    await fromMenu('warehousingManagement', LABEL_PRINT_LIST.code, LABEL_PRINT_LIST.path);
    await page.getByTestId('label-print-billno').locator('input').fill(pack.billNo);
    await page.getByTestId('label-print-billno').locator('input').press('Enter');
    await page.getByTestId(`label-print-kind-${pack.billNo}-2`).waitFor();
    expect(await page.getByTestId(`label-print-kind-${pack.billNo}-1`).textContent()).toBe('Print 1');
    expect(await page.getByTestId(`label-print-kind-${pack.billNo}-2`).textContent()).toBe('Print 2: reprint of print 1');
    expect(await page.getByTestId(`label-print-by-${pack.billNo}-1`).textContent()).not.toBe('');
    await printOpensPdf(page, () => page.getByTestId(`label-print-reprint-${pack.billNo}-1`).click());
    await page.getByTestId(`label-print-kind-${pack.billNo}-3`).waitFor();
    // only inbound bills' labels: the package's are not among them
    await pick(page, 'label-print-type', '', 'Inbound bill');
    await page.getByTestId(`label-print-kind-${pack.billNo}-1`).waitFor({ state: 'detached' });
    expect(await page.getByTestId('label-print-list').textContent()).not.toContain('labelPrints.');

    // the packages as the stock holds them: in stock at its location, its content under its barcode
    const packageRow = async (standing: string) => {
      await page.getByTestId('package-billno').locator('input').fill(pack.billNo);
      await page.getByTestId('package-billno').locator('input').press('Enter');
      await page.locator(`[data-testid="package-${pack.billNo}-standing"][data-standing="${standing}"]`).waitFor();
    };
    await fromMenu('otherBill', PACKAGE_LIST.code, PACKAGE_LIST.path);
    await packageRow('inStock');
    expect(await page.getByTestId(`package-${pack.billNo}-place`).textContent()).toContain('B-05-02');
    expect(await page.getByTestId(`package-${pack.billNo}-qty`).textContent()).toBe('4');
    expect(await page.getByTestId(`package-${pack.billNo}-standing`).textContent()).toBe('In stock');
    // shipped whole: the list reads it gone, naming the bill that took it
    const out = data(await admin.post<Result>(`${W}/osoutstockbill/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: MATERIAL, batchNo: 'TP1', qty: 4 }] }));
    const allocated = data(await admin.post<Result>(`${W}/osoutstockbill/allocate`, { id: out.id, version: out.version }));
    const picked = data(await admin.post<Result>(`${W}/osoutstockbill/pick`, { id: out.id, version: allocated.version }));
    data(await admin.post<Result>(`${W}/osoutstockbill/ship`, { id: out.id, version: picked.version }));
    await page.goto(`${t.url}${PACKAGE_LIST.path}`);
    await packageRow('shipped');
    expect(await page.getByTestId(`package-${pack.billNo}-standing`).textContent()).toBe('Shipped whole (gone)');
    await page.getByTestId(`package-${pack.billNo}-gone-by`).filter({ hasText: out.billNo }).waitFor();
    expect(await page.getByTestId(`package-${pack.billNo}-qty`).textContent()).toBe('0');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'keeper-packages.png'), fullPage: true });
  }, 120_000);
});
