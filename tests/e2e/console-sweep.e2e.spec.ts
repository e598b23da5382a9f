import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { entityByName, type Page as Paged, type InstanceRow, type TaskRow } from '@tpl/contracts';
import { choose, FIRST_PAGE, fillSignIn, launchChromium, WEB_DIST } from '../support/browser';
import { data, type ApiClient } from '../support/api-client';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { menuLeaves, menuTarget, visibleMenu, type MenuNode, type TopMenu } from '../../web/src/shared/menu';

/**
 * Issue 11 item 7: the administrator of tenant 100001 visits every entry of the menus the
 * server sends and every document screen (list, new form, a sample record's view and its
 * history), each in one of zh, en and mo in turn (the catalogs are complete in all three, so one
 * language per screen finds what three would), the shell's pages and the consignment and flow
 * screens in all three. Any raw i18n key on the screen (a text such as
 * `consignment.actions.submit_review`), any id shown where a number or a name belongs (a UUID in
 * the page's text: issue 28), any i18next error text ("returned an object") and any console error or uncaught page error fails it. One browser, one page, moved around
 * inside the single-page app (a full load per screen would take minutes).
 */
describe('every screen in zh, en and mo (sweep)', () => {
  let t: TestHost;
  let browser: Browser;
  let page: Page;
  let admin: ApiClient;

  type Lang = 'zh' | 'en' | 'mo';
  const LANGS: readonly Lang[] = ['zh', 'en', 'mo'];
  /** A screen to visit, in every language unless `langs` says which. */
  type Visit = { path: string; then?: (page: Page) => Promise<void>; langs?: readonly Lang[] };
  const visits: Visit[] = [];
  const problems: string[] = [];
  let here = 'sign-in';

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true), launchChromium()]);
    admin = await t.client().as('100001', 'admin', 'admin');

    // every menu entry the server gives the administrator
    const tops = data(await admin.get<TopMenu[]>('/api/bl-system/topmenu/listByParams?filter=1'));
    const leaves: MenuNode[] = [];
    for (const top of tops) leaves.push(...menuLeaves(visibleMenu(data(await admin.get<MenuNode[]>(`/api/bl-system/menu/routes?topMenuId=${top.id}`)), ['admin'])));
    // Each menu screen is seen in one language, the languages taking turns: the catalogs hold every key in
    // all three (tests/unit/i18n.spec.ts), so a key shown raw in one language is shown raw in each. The
    // shell's own pages and the documents' screens below are seen in all three (dates, numbers, antd's
    // own texts and a flow's labels in each language).
    let turn = 0;
    const inTurn = (): Lang[] => [LANGS[turn++ % LANGS.length]!];
    for (const leaf of leaves) visits.push({ path: menuTarget(leaf), langs: inTurn() });
    visits.push({ path: '/wel/index' }, { path: '/wel/dashboard' }, { path: '/info/index' }, { path: '/test/index' });

    // the consignment order: new form, a sample's view with its history and lifecycle
    const orders = data(await admin.get<Paged<{ id: string }>>('/api/bl-transport/consignment/list?size=10'));
    visits.push({ path: '/consignmentOrderbill/consignmentOrderbillAdd' });
    visits.push({
      path: `/consignmentOrderbill/consignmentOrderbillView/${orders.records[0]!.id}`,
      then: async (p) => {
        await p.getByTestId('tab-history').click();
        await p.locator('[data-event]').first().waitFor();
        await settle(p);
        await scan(p);
        await p.getByTestId('tab-lifecycle').click();
        await p.locator('.react-flow__node').first().waitFor();
        await settle(p);
        await scan(p);
      },
    });

    // an order in review and its task
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
    const order = data(await admin.post<{ id: string; version: number }>('/api/bl-transport/consignment/submit', consignmentInput({ lines: [{ materialCode: 'M0007', name: '挂面 500g x20', qty: 10, weg: 60, volume: 0.2, packages: 10 }] })));
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'consignment', processKey: 'consignment_review', enabled: false }));
    data(await admin.post('/api/bl-transport/consignment/submit-review', { id: order.id, version: order.version }));
    let task: TaskRow | undefined;
    for (let i = 0; i < 150 && !task; i++) {
      task = data(await admin.get<Paged<TaskRow>>('/api/bl-flow/work/claim-list?size=50')).records.find((r) => r.businessKey === order.id);
      if (!task) await new Promise((r) => setTimeout(r, 100));
    }
    if (!task) throw new Error('the review of the order never started');
    visits.push({ path: `/consignmentOrderbill/consignmentOrderbillView/${order.id}` });
    visits.push({ path: `/flowable/work/detail?taskId=${task.taskId}&processInstanceId=${task.instanceId}` });

    // the leave sample: its form and a request's page
    const leaves2 = data(await admin.get<Paged<InstanceRow>>('/api/bl-flow/process/list?size=10&processKey=leave')).records;
    visits.push({ path: '/task/process/leave/form/latest' });
    if (leaves2[0]?.businessKey) visits.push({ path: `/task/process/leave/detail/${leaves2[0].instanceId}/${leaves2[0].businessKey}` });

    // every master-data type of the menus: new form, a sample record's view and history. One engine draws
    // them all from each type's description (labels in three languages, complete by type), so each type is
    // seen in one language, the languages taking turns, which keeps the sweep within minutes.
    for (const leaf of leaves) {
      const name = /^\/md\/(\w+)$/.exec(leaf.path ?? '')?.[1];
      const def = name ? entityByName(name) : undefined;
      if (!def) continue;
      const langs = inTurn();
      visits.push({ path: `/md/${def.name}/new`, langs });
      const first = data(await admin.get<Paged<{ id: string }>>(`/api/${def.service}/${def.name}/list?current=1&size=10`)).records[0];
      if (first) {
        visits.push({
          path: `/md/${def.name}/${first.id}`,
          langs,
          then: async (p) => {
            await p.getByTestId('md-view-history').click();
            await p.locator('.ant-drawer-open').waitFor();
            await settle(p);
            await scan(p);
            // the drawer lives in the body: closed before the next screen
            await p.keyboard.press('Escape');
            await p.locator('.ant-drawer-open').waitFor({ state: 'detached' });
          },
        });
      }
    }

    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${here}: console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${here}: page error: ${e.message}`));
    // in-flight calls, counted in the page, tell when a screen has settled
    await page.addInitScript(() => {
      const w = window as unknown as { __inflight: number; fetch: typeof fetch };
      w.__inflight = 0;
      const original = window.fetch.bind(window);
      w.fetch = (...args: Parameters<typeof fetch>) => {
        w.__inflight++;
        return original(...args).finally(() => {
          w.__inflight--;
        });
      };
    });
    await page.goto(`${t.url}/login`);
    await page.getByTestId('lang-zh').click();
    await fillSignIn(page, 'admin', 'admin');
    await page.waitForURL((u) => u.pathname === FIRST_PAGE);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** Settled: no call in flight and no spinner for several frames in a row. */
  const settle = (p: Page) =>
    p.waitForFunction(
      () => {
        const w = window as unknown as { __inflight: number; __quiet?: number };
        const quiet = w.__inflight === 0 && !document.querySelector('.ant-spin-spinning, .ant-skeleton-active');
        w.__quiet = quiet ? (w.__quiet ?? 0) + 1 : 0;
        return w.__quiet >= 4;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );

  const RAW_KEY = /^[a-z]+(\.[a-zA-Z_]+)+$/;
  /** an id where a number or a name belongs (issue 28 item 7): records and documents are named by code, name or number */
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

  /** Raw keys and i18next's error texts in the shown page: texts, placeholders, titles, the document title. */
  const scan = async (p: Page) => {
    const found = await p.evaluate(([raw, uuidSource]) => {
      const rawKey = new RegExp(raw);
      const uuid = new RegExp(uuidSource, 'i');
      const i18nError = /returned an object instead of string|key '[^']+ \((zh|en|mo)\)'/;
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = (n.textContent ?? '').trim();
        // identifiers shown as written (a menu's translation key in its alias) are data, not labels
        if (n.parentElement?.closest('code')) continue;
        if (text && (rawKey.test(text) || i18nError.test(text))) out.push(text);
        else if (uuid.test(text)) out.push(`id shown: ${text.slice(0, 80)}`);
      }
      for (const el of Array.from(document.querySelectorAll('[placeholder], [title], [aria-label]'))) {
        for (const attr of ['placeholder', 'title', 'aria-label']) {
          const text = (el.getAttribute(attr) ?? '').trim();
          if (text && (rawKey.test(text) || i18nError.test(text))) out.push(`${attr}="${text}"`);
        }
      }
      const title = document.title.split(' - ')[0] ?? '';
      if (rawKey.test(title) || title.startsWith('/')) out.push(`document title "${document.title}"`);
      return [...new Set(out)];
    }, [RAW_KEY.source, UUID.source] as const);
    for (const f of found) problems.push(`${here}: ${f}`);
  };

  /**
   * Moves the single-page app to a URL as its router would on back/forward: the entry is
   * pushed twice and the browser steps back onto it, so the router sees a real popstate.
   */
  const go = async (p: Page, to: string) => {
    const pathname = new URL(to, t.url).pathname;
    await p.evaluate((target) => {
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      window.history.pushState({ usr: null, key: `s${idx + 1}`, idx: idx + 1 }, '', target);
      window.history.pushState({ usr: null, key: `s${idx + 2}`, idx: idx + 2 }, '', target);
      window.history.back();
    }, to);
    await p.waitForFunction((wanted) => document.querySelector('.shell-page-slot > .shell-page')?.getAttribute('data-page') === wanted, pathname, { timeout: 30_000 });
    await settle(p);
  };

  /** Drops the kept-alive pages now and then so a few hundred screens do not stay mounted. */
  const closeTabs = async (p: Page) => {
    await p.getByTestId('tabs-actions').click();
    // an entry of a dropdown still sliding open: chosen by a click event, not a pointer click at coordinates
    await choose(p, 'tabs-close-all');
    await p.locator(`.shell-page-slot > .shell-page[data-page="${FIRST_PAGE}"]`).waitFor();
  };

  it('finds no raw key, i18next error or console error on any screen', async () => {
    if (process.env.SWEEP_DEBUG) console.log(`${visits.length} screens`);
    const started = Date.now();
    for (const lang of LANGS) {
      here = `${lang} language switch`;
      await page.evaluate((l) => localStorage.setItem('tpl.language', l), lang);
      await page.goto(`${t.url}${FIRST_PAGE}`);
      await page.locator(`.shell-page-slot > .shell-page[data-page="${FIRST_PAGE}"]`).waitFor();
      await settle(page);
      for (const [i, visit] of visits.filter((v) => !v.langs || v.langs.includes(lang)).entries()) {
        here = `${lang} ${visit.path}`;
        if (i % 12 === 11) await closeTabs(page);
        const t0 = Date.now();
        try {
          await go(page, visit.path);
          await scan(page);
          await visit.then?.(page);
        } catch (error) {
          throw new Error(`${here}: ${(error as Error).message}`);
        }
        if (process.env.SWEEP_DEBUG) console.log(`${here} ${Date.now() - t0} ms`);
      }
    }
    console.log(`sweep: ${visits.length} screens in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(problems).toEqual([]);
  }, 900_000); // a limit for a hung sweep, not a speed check
});
