import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { documentPath, documents, type DocumentDef } from '@tpl/contracts';
import { choose, FIRST_PAGE, launchChromium, routerPush, SCREENSHOTS, signInPage, WEB_DIST } from '../support/browser';
import { confirm } from '../support/console';
import { fillDialog, fillNewForm, fillRefused, offered, refusal } from '../support/document-walker';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 28 item 14, generated from the registry: for every document type, one document is made
 * in the console (from its source where it has one: the document of the chain the suite made
 * before it) and taken through the actions of its lifecycle the console offers, each dialog filled
 * through its widgets from the description alone; then one more is made and cancelled and removed
 * where its lifecycle allows. No URL with an id is typed and no API is called: the suite moves
 * through lists, links and buttons. Every screen is scanned; it fails on a raw i18n key, a UUID
 * shown, a console error or a page error, an answer of 500, and on an action the console offered
 * that was refused.
 */
type Made = { def: DocumentDef; url: string; state: string };

/** Types written only by another document's command (an arrival bill by its loading bill's arrival): reached from their list. */
const WRITTEN_BY_OTHERS = new Set(['arrivalbill', 'deliverybill']);
/** The kit's own buttons, walked on their own: edit at the start, remove at the end. */
const KIT = new Set(['EDIT', 'REMOVE']);
const RAW_KEY = /^[a-z]+(\.[a-zA-Z_]+)+$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Sources before the documents made from them (the registry's order otherwise). */
const ordered = (): DocumentDef[] => {
  const out: DocumentDef[] = [];
  const visit = (d: DocumentDef, seen: Set<string>) => {
    if (out.includes(d) || seen.has(d.name)) return;
    seen.add(d.name);
    for (const source of Object.keys(d.sources ?? {})) {
      const s = documents.find((x) => x.name === source);
      if (s) visit(s, seen);
    }
    out.push(d);
  };
  // the documents that take their lines from stock (transfers, losses, counts) come before the
  // outbound chain allocates it: a count posts only rows nothing of which is allocated; so do the
  // documents made from them (a temporary package is opened before an outbound could ship it)
  const outbound = documents.findIndex((d) => d.name === 'orderosoutstockbill');
  const takesStock = (d: DocumentDef) => Boolean(d.lines?.fromStock);
  const fromStock = documents.filter((d) => takesStock(d) || Object.keys(d.sources ?? {}).some((s) => documents.some((x) => x.name === s && takesStock(x))));
  for (const d of [...documents.slice(0, outbound), ...fromStock, ...documents.slice(outbound)]) visit(d, new Set());
  return out;
};

describe('every document type through its lifecycle in the console (generated from the registry)', () => {
  let t: TestHost;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const covered = new Map<string, Set<string>>();
  const made: Made[] = [];
  let here = 'sign-in';
  let refused = '';
  const why = async () => [await refusal(page), refused].filter(Boolean).join(' | ') || 'nothing shown';
  const started = Date.now();
  const took = new Map<string, number>();

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    [t, browser] = await Promise.all([startTestHost('postgres', WEB_DIST, true), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(`${here}: console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${here}: page error: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${here}: ${r.status()} from ${r.request().method()} ${new URL(r.url()).pathname}`);
      // what the server said when it refused (a toast fades before a failure is read)
      if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/'))
        void r.json().then((b: { msg?: string }) => (refused = `${r.status()} ${new URL(r.url()).pathname}: ${b.msg ?? ''}`), () => undefined);
    });
    await signInPage(page, t.url, 'admin', 'admin');
  }, 180_000);
  afterAll(async () => {
    // the actions each type offers a person (its own, edit and remove) that were taken: making one (ADD) is not among them
    const actions = [...covered.values()].reduce((n, s) => n + [...s].filter((e) => e !== 'ADD').length, 0);
    const offeredTotal = documents.reduce((n, d) => n + Object.values(d.actions).filter((a) => !a.system).length + 2, 0);
    console.log(`document lifecycles: ${covered.size} types, ${actions} of ${offeredTotal} user actions taken (edit and remove included) in ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(`  seconds per type: ${[...took].map(([name, ms]) => `${name} ${Math.round(ms / 1000)}`).join(', ')}`);
    for (const d of documents) {
      const own = [...Object.values(d.actions).filter((a) => !a.system).map((a) => a.event), 'EDIT', 'REMOVE'];
      const missed = own.filter((e) => !covered.get(d.name)?.has(e));
      if (missed.length) console.log(`  ${d.name}: not taken ${missed.join(', ')}`);
    }
    await browser?.close();
    await t?.stop();
  });

  /** Moves the single-page app to a route as its router does (no reload, no id typed: routes of lists and forms only). */
  const go = async (to: string) => {
    await routerPush(page, to);
    await page.waitForFunction((p) => document.querySelector('.shell-page-slot > .shell-page')?.getAttribute('data-page') === p, new URL(to, t.url).pathname, { timeout: 30_000 });
  };

  /** Raw keys and UUIDs where a person reads: texts, placeholders, titles and the tabs. */
  const scan = async () => {
    const found = await page.evaluate(
      ({ raw, uuid }) => {
        const rawKey = new RegExp(raw);
        const id = new RegExp(uuid, 'i');
        const out: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = (n.textContent ?? '').trim();
          if (!text || n.parentElement?.closest('code, script, style')) continue;
          if (rawKey.test(text)) out.push(`raw key "${text}"`);
          else if (id.test(text)) out.push(`UUID in "${text.slice(0, 80)}"`);
        }
        for (const el of Array.from(document.querySelectorAll('[placeholder], [title]'))) {
          for (const attr of ['placeholder', 'title']) {
            const text = (el.getAttribute(attr) ?? '').trim();
            if (text && (rawKey.test(text) || id.test(text))) out.push(`${attr}="${text.slice(0, 80)}"`);
          }
        }
        return [...new Set(out)];
      },
      { raw: RAW_KEY.source, uuid: UUID.source },
    );
    for (const f of found) problems.push(`${here}: ${f}`);
  };

  /** A step with its milliseconds written to the file LIFECYCLE_TRACE names (where a run's time goes). */
  const traced = async <T>(label: () => string, step: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    try {
      return await step();
    } finally {
      if (process.env.LIFECYCLE_TRACE) fs.appendFileSync(process.env.LIFECYCLE_TRACE, `${label()} ${Date.now() - t0}\n`);
    }
  };

  const takeNote = (def: DocumentDef, event: string) => {
    const set = covered.get(def.name) ?? new Set<string>();
    set.add(event);
    covered.set(def.name, set);
  };
  const stateNow = async () => (await page.getByTestId('view-state').getAttribute('data-state'))!;
  /** Saves the form; a field the form then refuses (a rule across fields) is filled and it is saved again, once. */
  const saved = async (def?: DocumentDef) => {
    // a date's Enter may have sent the form already (the last field's Enter is the form's submit)
    const saving = (await page.getByTestId('view-billNo').isVisible()) || (await page.locator('[data-testid="save-button"].ant-btn-loading').count()) > 0;
    if (!saving) await page.getByTestId('save-button').click({ timeout: 5_000 }).catch(() => undefined);
    const shown = () => page.getByTestId('view-billNo').waitFor({ timeout: 20_000 }).then(() => true, () => false);
    // saved (its view), or refused (a field's message, the form's error): whichever comes first
    const refusedShown = page.locator('.ant-form-item-explain-error:visible, [data-testid="form-error"]:visible').first();
    const first = await Promise.race([
      page.getByTestId('view-billNo').waitFor({ timeout: 20_000 }).then(() => 'saved', () => 'nothing'),
      refusedShown.waitFor({ timeout: 20_000 }).then(() => 'refused', () => 'nothing'),
    ]);
    if (first === 'saved') return;
    // a message shown while the save was still on its way (a rule checked as a field changed) is not
    // a refusal: the save is waited for, and its view
    await page.locator('[data-testid="save-button"].ant-btn-loading').waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    if (await page.getByTestId('view-billNo').waitFor({ timeout: 1_000 }).then(() => true, () => false)) return;
    if (def && (await fillRefused(page, def))) {
      await page.getByTestId('save-button').click();
      if (await shown()) return;
    }
    throw new Error(`${here}: not saved: ${await why()}`);
  };

  /**
   * A new document of the type on screen: made from its source (the source's button) where it has
   * one, the source made first and taken to a state it can be made from when the suite has none
   * there; else the new form.
   */
  const create = (def: DocumentDef, depth = 0): Promise<boolean> => traced(() => `${def.name} create`, () => create1(def, depth));
  const create1 = async (def: DocumentDef, depth = 0): Promise<boolean> => {
    const [sourceName, how] = Object.entries(def.sources ?? {})[0] ?? [];
    const sourceDef = sourceName ? documents.find((d) => d.name === sourceName) : undefined;
    if (sourceDef && how && depth < 5) {
      // a type made from its own kind (a voucher's reversal) starts from one the suite has, else from the new form
      const source = [...made].reverse().find((m) => m.def === sourceDef && how.states.includes(m.state)) ?? (sourceDef === def ? undefined : await makeAt(sourceDef, how.states, depth + 1));
      if (source) {
        here = `${def.name} made from ${sourceDef.name}`;
        const at = new URL(source.url);
        await go(at.pathname + at.search);
        await page.getByTestId(`make-${def.name}`).click();
        await page.getByTestId('made-from').waitFor();
        await fillNewForm(page, def);
        await scan();
        await saved(def);
        takeNote(def, 'ADD');
        // a source makes one document: the next one is made from a source made again
        made.splice(made.indexOf(source), 1);
        return true;
      }
    }
    here = `${def.name} new form`;
    await go(documentPath(def, 'list'));
    const add = page.getByTestId('new-button');
    if (!(await add.waitFor({ timeout: 15_000 }).then(() => true, () => false))) return false;
    await add.click();
    await page.getByTestId('save-button').waitFor();
    await fillNewForm(page, def);
    await scan();
    await saved(def);
    takeNote(def, 'ADD');
    return true;
  };

  /** A document of the type made and taken forward until it is in one of `states` (a source for the next step). */
  const makeAt = async (def: DocumentDef, states: readonly string[], depth: number): Promise<Made | undefined> => {
    if (WRITTEN_BY_OTHERS.has(def.name) || !(await create(def, depth))) return undefined;
    for (let step = 0; step < 10 && !states.includes(await stateNow()); step++) {
      const next = (await offered(page)).find((b) => b.primary && !b.danger && !KIT.has(b.event));
      if (!next) break;
      await take(def, next.event);
    }
    const state = await stateNow();
    if (!states.includes(state)) return undefined;
    const m = { def, url: page.url(), state };
    made.push(m);
    return m;
  };

  /** The first document of a type written by another's command, from its list. */
  const openFromList = async (def: DocumentDef) => {
    here = `${def.name} list`;
    await go(documentPath(def, 'list'));
    const first = page.locator(`[data-testid^="view-${def.billNo.prefix}"]`).first();
    await first.waitFor({ timeout: 20_000 });
    await first.click();
    await page.getByTestId('view-billNo').waitFor();
  };

  /** Saves the document's edit form as it is (the kit's edit): the view comes back. */
  const edit = async (def: DocumentDef) => {
    here = `${def.name} edit`;
    await page.getByTestId('action-edit').click();
    await page.getByTestId('save-button').waitFor();
    await scan();
    await saved();
    takeNote(def, 'EDIT');
  };

  /** Presses an action, fills its dialog or confirms it, and waits for the state it leads to. */
  const take = (def: DocumentDef, event: string): Promise<void> => traced(() => here, () => take1(def, event));
  const take1 = async (def: DocumentDef, event: string) => {
    const before = await stateNow();
    const version = await page.getByTestId('view-version').getAttribute('data-version');
    here = `${def.name} ${before} ${event}`;
    await page.getByTestId(`action-${event.toLowerCase()}`).click();
    const action = Object.entries(def.actions).find(([, a]) => a.event === event)?.[0];
    const dialog = page.locator('.ant-modal-wrap:visible');
    await dialog.first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    if (action && (await dialog.count())) {
      await fillDialog(page, def, action);
      await scan();
    }
    if (await dialog.count()) {
      try {
        await confirm(page);
      } catch (error) {
        throw new Error(`${here}: ${(error as Error).message} (${await why()})`);
      }
    }
    if (event === 'REMOVE') return;
    await page.waitForFunction((v) => document.querySelector('[data-testid="view-version"]')?.getAttribute('data-version') !== v, version, { timeout: 20_000 }).catch(async () => {
      throw new Error(`${here}: nothing changed (${await why()})`);
    });
    takeNote(def, event);
    await scan();
  };

  /** Forward through the lifecycle: the next step the console offers (not yet taken first), until none. */
  const walkForward = async (def: DocumentDef) => {
    for (let step = 0; step < 14; step++) {
      const buttons = (await offered(page)).filter((b) => !KIT.has(b.event) && !b.danger);
      const done = covered.get(def.name) ?? new Set<string>();
      const next = buttons.find((b) => b.primary && !done.has(b.event)) ?? buttons.find((b) => !done.has(b.event)) ?? buttons.find((b) => b.primary);
      if (!next) return;
      await take(def, next.event);
      if (def.lifecycle.states[await stateNow()]?.final) return;
    }
  };

  /** A second document: the danger step its first state offers (cancel), then removed. */
  const walkAside = async (def: DocumentDef) => {
    const danger = (await offered(page)).find((b) => b.danger && !KIT.has(b.event));
    if (danger) await take(def, danger.event);
    const remove = (await offered(page)).find((b) => b.event === 'REMOVE');
    if (remove) {
      here = `${def.name} remove`;
      await page.getByTestId('action-remove').click();
      await choose(page, 'modal-ok');
      await page.getByTestId(`doc-list-${def.name}`).waitFor({ timeout: 20_000 });
      takeNote(def, 'REMOVE');
    }
  };

  /**
   * Whether the type before ended on a screen with no dialog open: the next one then starts as a
   * person would after a document, by closing every tab (the home page is left), in the same
   * page, whose pages' code and styles are loaded already; after a failure it starts on a fresh
   * page load instead.
   */
  let clean = false;
  const closeAllTabs = async () => {
    await page.getByTestId('tabs-actions').click();
    await choose(page, 'tabs-close-all');
    await page.waitForFunction((home) => document.querySelectorAll('[data-testid^="tab-/"]').length === 1 && location.pathname === home, FIRST_PAGE, { timeout: 30_000 });
  };

  for (const def of ordered()) {
    it(`${def.name}: made in the console and taken through its lifecycle`, async () => {
      // each type starts on the home page with no dialog or tab left from the one before
      here = `${def.name} start`;
      refused = '';
      await traced(() => `${def.name} start`, async () => {
        if (clean) await closeAllTabs();
        else await page.goto(`${t.url}${FIRST_PAGE}`);
      });
      await page.locator(`.shell-page-slot > .shell-page[data-page="${FIRST_PAGE}"]`).waitFor({ timeout: 30_000 });
      clean = false;
      const began = Date.now();
      try {
        await walkType(def);
        took.set(def.name, Date.now() - began);
      } catch (error) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `lifecycle-${def.name}-failed.png`), fullPage: true }).catch(() => undefined);
        throw error;
      }
      clean = (await page.locator('.ant-modal-wrap:visible, .ant-drawer-open').count()) === 0;
      // every screen of the type was clean
      expect(problems.filter((p) => p.startsWith(def.name))).toEqual([]);
    }, 300_000);
  }

  async function walkType(def: DocumentDef) {
    {
      if (WRITTEN_BY_OTHERS.has(def.name)) await openFromList(def);
      else if (!(await create(def))) throw new Error(`${def.name}: the console offers no way to make one`);
      await scan();
      if ((await offered(page)).some((b) => b.event === 'EDIT')) await edit(def);
      await walkForward(def);
      made.push({ def, url: page.url(), state: await stateNow() });
      if (!WRITTEN_BY_OTHERS.has(def.name) && (await create(def))) {
        await walkAside(def);
      }
      await page.screenshot({ path: path.join(SCREENSHOTS, `lifecycle-${def.name}.png`) });
    }
  }

  it('found nothing wrong anywhere else (sign-in, lists between types)', () => {
    expect(problems.filter((p) => !documents.some((d) => p.startsWith(d.name)))).toEqual([]);
  });
});
