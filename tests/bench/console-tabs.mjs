// The console with several tabs open (spec 01 section 2: kept-alive pages): the renderer's
// script and style time of a navigation, first visits and coming back to an open tab, read
// from Chromium's own counters (CDP Performance.getMetrics: CPU time the page's main thread
// spent, not wall time, so a busy machine changes the figures less). Beside them, the baseline
// measured in the same run: going back and forth between the home page and one other screen
// with no other tab open (the shell's own cost of a navigation). One or two running consoles
// (a second one's figures side by side: another build, e.g. the one before a change).
// Usage: node tests/bench/console-tabs.mjs <url> [<url2>]
//   (a console started by `npm start`; it signs in as admin/admin in tenant 100001)
import { launchBrowser, median, signedInPage } from './console-lib.mjs';

const urls = process.argv.slice(2).filter((a) => a.startsWith('http'));
if (!urls.length) {
  console.error('usage: node tests/bench/console-tabs.mjs <url> [<url2>]');
  process.exit(2);
}
const SCREENS = [
  '/warehousingManagement/isinstockbill', '/warehousingManagement/isinstockbillForm', '/md/material', '/md/customer', '/md/material/new',
  '/inWarehouseManagement/inventorylossbill', '/inWarehouseManagement/inventorylossbillForm', '/md/location', '/md/location/new', '/md/unit',
];

const measure = async (browser, url) => {
  const { context, page } = await signedInPage(browser, url);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  /** moves the single-page app as its router does on back/forward, and waits until the page settled */
  const go = async (to) => {
    await page.evaluate((target) => {
      const idx = window.history.state?.idx ?? 0;
      window.history.pushState({ usr: null, key: `b${idx + 1}`, idx: idx + 1 }, '', target);
      window.history.pushState({ usr: null, key: `b${idx + 2}`, idx: idx + 2 }, '', target);
      window.history.back();
    }, to);
    await page.waitForFunction((p) => document.querySelector('.shell-page-slot > .shell-page')?.getAttribute('data-page') === p, to).catch((e) => { throw new Error(`${to}: ${e.message}`); });
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, { polling: 'raf' });
    await page.waitForTimeout(500); // what a navigation sets off after it is shown (queries, effects)
  };
  /** main-thread ms of script, and of style and layout, of one navigation */
  const cost = async (to) => {
    const a = await metrics();
    await go(to);
    const b = await metrics();
    return { script: (b.ScriptDuration - a.ScriptDuration) * 1000, style: (b.RecalcStyleDuration + b.LayoutDuration - a.RecalcStyleDuration - a.LayoutDuration) * 1000 };
  };
  // baseline: home and one screen, back and forth, nothing else open
  await go(SCREENS[0]);
  const base = [];
  for (let i = 0; i < 6; i++) base.push(await cost(i % 2 ? SCREENS[0] : '/wel/index'));
  const first = [];
  for (const s of SCREENS.slice(1)) first.push(await cost(s));
  const back = [];
  for (const s of [...SCREENS, ...SCREENS]) back.push(await cost(s));
  await context.close();
  const m = (xs, k) => Math.round(median(xs.map((x) => x[k])));
  return { base: `${m(base, 'script')} / ${m(base, 'style')}`, first: `${m(first, 'script')} / ${m(first, 'style')}`, back: `${m(back, 'script')} / ${m(back, 'style')}` };
};

const browser = await launchBrowser();
try {
  const results = [];
  for (const url of urls) results.push(await measure(browser, url));
  console.log(`renderer main thread per navigation, ms of script / ms of style and layout (median)`);
  console.log(['navigation', ...urls].join(' | '));
  const rows = { base: 'home <-> a list, one tab (baseline)', first: `a new screen, up to ${SCREENS.length} tabs open`, back: `back to an open tab, ${SCREENS.length} tabs open` };
  for (const [k, label] of Object.entries(rows)) console.log([label, ...results.map((r) => r[k])].join(' | '));
} finally {
  await browser.close();
}
