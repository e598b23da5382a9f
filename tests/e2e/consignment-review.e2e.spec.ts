import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Page as Paged, TaskRow } from '@tpl/contracts';
import { launchChromium, signInPage, SCREENSHOTS, WEB_DIST, choose } from '../support/browser';
import { data, type ApiClient } from '../support/api-client';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The consignment's side of document review in a real browser: an order that needs review
 * shows "Submit for review" instead of "Audit"; once the approver approves (through the
 * approvals API), the order shows as reviewed with the approver's comment, and its history
 * has the decision.
 */
describe('consignment review in Chromium', () => {
  let t: TestHost;
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    t = await startTestHost('postgres', WEB_DIST);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const signIn = async (page: Page, account: string) => {
    await signInPage(page, t.url, account);
    await page.goto(`${t.url}/consignmentOrderbill`);
  };

  const eventually = async <T>(probe: () => Promise<T | undefined>): Promise<T> => {
    for (let i = 0; i < 100; i++) {
      const v = await probe();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('timed out');
  };

  it('a dispatcher submits an order for review; the approver approves; the order is reviewed with the comment', async () => {
    const admin = await t.client().as('100001', 'admin', 'admin');
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const order = data(await dispatcher.post<{ id: string }>('/api/bl-transport/consignment/submit', consignmentInput()));

    const page = await browser.newPage();
    await signIn(page, 'dispatcher');
    await page.goto(`${t.url}/consignmentOrderbill/consignmentOrderbillView/${order.id}`);
    await page.locator('[data-testid="view-review"][data-review="1"]').waitFor();
    const shown = (await page.locator('[data-testid^="action-"]:not([data-testid="action-buttons"])').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).sort();
    expect(shown).toEqual(['action-cancel', 'action-edit', 'action-remove', 'action-submit_review']);
    await page.getByTestId('action-submit_review').click();
    await choose(page, 'modal-ok');
    await page.locator('[data-testid="view-state"][data-state="InReview"]').waitFor();
    await page.getByTestId('review-banner').waitFor();

    const approver: ApiClient = await t.client().as('100001', 'approver');
    const task = await eventually(async () => data(await approver.get<Paged<TaskRow>>('/api/bl-flow/work/claim-list?size=50')).records.find((r) => r.businessKey === order.id));
    data(await approver.post('/api/bl-flow/work/complete-task', { taskId: task.taskId, comment: 'Consignee confirmed by phone' }));

    await eventually(async () => ((await dispatcher.get<{ isReview: number }>(`/api/bl-transport/consignment/detail?id=${order.id}`)).body.data.isReview === 2 ? true : undefined));
    await page.reload();
    await page.locator('[data-testid="view-state"][data-state="Audited"]').waitFor();
    await page.locator('[data-testid="view-review"][data-review="2"]').waitFor();
    expect(await page.getByTestId('review-banner').innerText()).toContain('Consignee confirmed by phone');
    await page.getByTestId('tab-history').click();
    const line = page.locator('[data-event="ConsignmentReviewed"]');
    await line.waitFor();
    const text = await line.innerText();
    expect(text).toContain('Review approved');
    expect(text).toContain('白立安');
    expect(text).toContain('Consignee confirmed by phone');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'consignment-reviewed.png'), fullPage: true });
    await page.close();
  });
});
