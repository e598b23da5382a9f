import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { KitDocument } from '@tpl/contracts';
import { launchChromium, signInPage, SCREENSHOTS, WEB_DIST, choose, visit } from '../support/browser';
import { confirmOnScreen, pick } from '../support/console';
import { startTestHost, type TestHost } from '../support/host';
import type { ApiClient } from '../support/api-client';

/** A small PNG made here (a 16x16 colour square): the signing's photo. */
const png = (): Buffer => {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.concat(Array.from({ length: size }, (_, y) => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, (_, x) => [x * 16, y * 16, 128]).flat())])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
};

/**
 * Issue 14 item 6 in Chromium: two dispatchers in two browser contexts share the board; one
 * drags a note onto a vehicle and the other's board shows it move (pushed by the server, no
 * reload); the second, with a stale view (its stream cut), drags another note that the first
 * has just dispatched and reads the server's refusal while its board snaps to the truth; the
 * note is loaded, arrives, is reviewed, and is signed on the signing screen with a signature
 * drawn with the mouse and a photo; the auditor opens the order's cross-document timeline and
 * the whole chain as it stood after the dispatch.
 */
describe('dispatcher board in Chromium', () => {
  let t: TestHost;
  let browser: Browser;
  let api: ApiClient;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    // PostgreSQL: the demo's transport chain is seeded faster than on the embedded store
    t = await startTestHost('postgres', WEB_DIST, true);
    browser = await launchChromium();
    api = await t.client().as('100001', 'dispatcher');
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await t?.stop();
  });

  const dispatcher = async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    contexts.push(context);
    const page = await context.newPage();
    await signInPage(page, t.url, 'dispatcher');
    await visit(page, t.url, '/dispatchBoard');
    await page.getByTestId('column-Open').waitFor();
    return page;
  };
  const live = (page: Page) => page.locator('[data-testid="board-live"][data-live="live"]').waitFor();
  const openNotes = async (page: Page) =>
    (await page.locator('[data-testid="column-Open"] [data-testid^="note-YD"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('note-'.length)))).sort();
  const carried = (page: Page, carNo: string, billNo: string) => page.locator(`[data-testid="vehicle-${carNo}"] [data-testid="carried-${billNo}"]`);
  /** the drop's route and a departure far from the demo's own dispatches (each vehicle is booked from the seed's hour) */
  const dropWith = async (page: Page, departure: string) => {
    await page.locator('[data-testid="drop-route"]').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^L-SH / }).first().click();
    // the departure is picked as yyyy-MM-dd HH:mm (the tenant's clock), never a browser's own date format
    const picker = page.getByTestId('drop-departure');
    await picker.click();
    await picker.fill(departure);
    await picker.press('Enter');
  };
  const detail = async (name: string, id: string) => (await api.get<KitDocument>(`/api/bl-transport/${name}/detail?id=${id}`)).body.data;
  const noteByBillNo = async (billNo: string) => {
    const r = await api.get<{ records: { id: string }[] }>(`/api/bl-transport/consignmentbill/list?billNo=${billNo}&current=1&size=10`);
    return detail('consignmentbill', (r.body.data.records.find((x) => (x as { billNo?: string }).billNo === billNo) ?? r.body.data.records[0]!).id);
  };
  /** Waits (no timing asserted) until the server's board shows the note on the vehicle. */
  const boardHas = async (billNo: string, carNo: string) => {
    for (let i = 0; i < 600; i++) {
      const r = await api.get<{ notes: { billNo: string; carNo: string | null }[] }>('/api/bl-transport/board');
      if (r.body.data.notes.some((n) => n.billNo === billNo && n.carNo === carNo)) return;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error(`the board never showed ${billNo} on ${carNo}`);
  };
  const expectState = (page: Page, state: string) => page.locator(`[data-testid="view-state"][data-state="${state}"]`).waitFor();

  it('two dispatchers share the board; a drag shows on the other board; a stale drop reads the refusal and snaps to the truth; then load, arrive, review, sign; the auditor reads the chain', async () => {
    const a = await dispatcher();
    const b = await dispatcher();
    await Promise.all([live(a), live(b)]);
    const open = await openNotes(a);
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(await openNotes(b)).toEqual(open);
    const [n1, n2] = open as [string, string];

    // A drags n1 onto a vehicle: A's board shows it carried, and B's board, pushed by the server
    await dropWith(a, '2030-01-05 08:00');
    await a.getByTestId(`note-${n1}`).dragTo(a.getByTestId('vehicle-沪A12345'));
    await carried(a, '沪A12345', n1).waitFor();
    await carried(b, '沪A12345', n1).waitFor({ timeout: 15_000 });
    await b.locator(`[data-testid="column-Dispatched"] [data-testid="note-${n1}"]`).waitFor();
    await a.screenshot({ path: path.join(SCREENSHOTS, 'dispatcher-board.png'), fullPage: true });

    // B's view goes stale: its stream is cut (the board itself still loads), so it does not hear of n2's move
    await b.route('**/api/bl-transport/board/stream**', (route) => route.abort());
    await b.reload();
    await b.getByTestId('column-Open').waitFor();
    await b.locator('[data-testid="board-live"][data-live="offline"]').waitFor();
    await dropWith(a, '2030-01-06 08:00');
    await a.getByTestId(`note-${n2}`).dragTo(a.getByTestId('vehicle-苏E8K321'));
    await carried(a, '苏E8K321', n2).waitFor();
    // the server's board has the move (A folded its own answer in at once; the projection may trail it)
    await boardHas(n2, '苏E8K321');
    expect(await openNotes(b)).toContain(n2);

    // B drags the note it still sees waiting elsewhere: the server refuses it, naming the note; B's board snaps to where it is
    await dropWith(b, '2030-01-07 08:00');
    await b.getByTestId(`note-${n2}`).dragTo(b.getByTestId('vehicle-沪C66881'));
    await b.getByTestId('board-lost').waitFor();
    expect(await b.getByTestId('board-lost-message').innerText()).toContain(n2);
    await carried(b, '苏E8K321', n2).waitFor();
    expect(await carried(b, '沪C66881', n2).count()).toBe(0);
    await b.screenshot({ path: path.join(SCREENSHOTS, 'dispatcher-board-lost.png'), fullPage: true });
    await b.unroute('**/api/bl-transport/board/stream**');

    // loading on the loading bill's view (the bill drafted for n1's dispatch); arrival and review on their confirmation screens
    const note = await noteByBillNo(n1);
    const made = await api.post<{ id: string }>('/api/bl-transport/loadingbill/submit', {
      billDate: new Date().toISOString().slice(0, 10),
      dispatchId: note.dispatchId,
      details: [{ noteId: note.id, noteBillNo: note.billNo, packages: note.totals.packages ?? 0 }],
    });
    expect(made.body.msg).toBe('Operation successful');
    await visit(a, t.url, `/loadingBill/loadingBillView/${made.body.data.id}`);
    await a.getByTestId('action-load').click();
    await choose(a, 'modal-ok');
    await expectState(a, 'Loaded');
    // the arrival confirmation screen, then the review confirmation of the arrival bill it wrote (an exception, with its remark)
    await a.getByTestId('open-arrival').click();
    await a.locator('[data-testid="confirmation-page"][data-action="arrive"]').getByText(n1).first().waitFor();
    await confirmOnScreen(a, 'arrive');
    await a.locator('[data-testid="confirmation-page"][data-action="review"]').getByText(n1).first().waitFor();
    await pick(a, 'reviewResult', '', /Exception/);
    await a.getByTestId('reviewRemark').fill('One carton dented');
    await a.screenshot({ path: path.join(SCREENSHOTS, 'dispatcher-review-confirmation.png'), fullPage: true });
    await confirmOnScreen(a, 'review');
    expect((await detail('loadingbill', made.body.data.id)).state).toBe('Arrived');

    // signing: the signer, a signature drawn with the mouse, a photo
    const toSign = await noteByBillNo(n1);
    await visit(a, t.url, `/deliveryBill/deliveryBillEdit/${toSign.deliveryBillId}`);
    await a.getByTestId('signing-page').waitFor();
    await a.getByTestId('signing-signer').fill('Han Mei');
    await a.getByTestId('signing-submit').click();
    await a.getByTestId('signing-issues').waitFor(); // nothing drawn yet
    const pad = (await a.getByTestId('signature-pad').boundingBox())!;
    await a.mouse.move(pad.x + 30, pad.y + 120);
    await a.mouse.down();
    for (const [dx, dy] of [[80, 40], [140, 130], [220, 50], [300, 140], [380, 60]] as const) await a.mouse.move(pad.x + dx, pad.y + dy, { steps: 6 });
    await a.mouse.up();
    await a.locator('[data-testid="signature-pad"][data-empty="false"]').waitFor();
    await a.getByTestId('signing-photos').setInputFiles({ name: 'doorstep.png', mimeType: 'image/png', buffer: png() });
    await a.getByTestId('signing-submit').click();
    await a.waitForURL(/\/deliveryBill\/deliveryBillView\//);
    await expectState(a, 'Signed');
    // the signing's facts, once each: the signer, the drawn signature and the photo as images
    await a.locator('[data-testid="detail-signature"] [data-testid="value-signature"]').waitFor();
    await a.locator('[data-testid="facts-photos"] [data-testid="value-attachId"]').first().waitFor();
    expect(await a.getByTestId('detail-signer').innerText()).toBe('Han Mei');
    await a.screenshot({ path: path.join(SCREENSHOTS, 'dispatcher-signed-delivery.png'), fullPage: true });

    // the auditor: the order's chain in one timeline, and the chain as it stood right after the dispatch
    const auditorContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    contexts.push(auditorContext);
    const auditor = await auditorContext.newPage();
    await signInPage(auditor, t.url, 'auditor');
    await visit(auditor, t.url, '/consignmentTimeline');
    await auditor.getByTestId('timeline-billNo').fill(String(toSign.orderBillNo));
    await auditor.getByTestId('timeline-open').click();
    await auditor.getByTestId('chain-timeline').waitFor();
    const documents = await auditor.locator('[data-testid^="chain-event-"]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-document')))]);
    expect(documents).toEqual(expect.arrayContaining(['consignment', 'consignmentbill', 'dispatch', 'loadingbill', 'arrivalbill', 'deliverybill']));
    const dispatched = auditor.locator('[data-testid^="chain-event-"][data-document="consignmentbill"][data-event="ConsignmentBillDispatched"]').first();
    const position = (await dispatched.getAttribute('data-testid'))!.slice('chain-event-'.length);
    await auditor.getByTestId(`chain-at-${position}`).click();
    await auditor.locator(`[data-testid="chain-doc-${n1}"][data-state="Dispatched"]`).waitFor();
    await auditor.screenshot({ path: path.join(SCREENSHOTS, 'auditor-chain-as-of.png'), fullPage: true });
  }, 300_000);
});
