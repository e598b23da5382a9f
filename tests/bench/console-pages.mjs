// A document's list, its new form and its view in Chromium: the time from a navigation's start
// until the page is usable (the list's rows shown, the form's fields and save button, the view's
// number and its state; no spinner left), with the browser's cache warm as on a working day.
// Beside each, the console's home page measured in the same run (the shell alone). One or two
// running consoles are measured (a second one's figures side by side: another build of the
// console, e.g. the one before a change). No assertion: figures to read.
// Usage: node tests/bench/console-pages.mjs <url> [<url2>] [loads=5]
//   (a console started by `npm start`; it signs in as admin/admin in tenant 100001)
import { launchBrowser, median, signedInPage } from './console-lib.mjs';

const args = process.argv.slice(2);
const loads = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const urls = args.filter((a) => a.startsWith('http'));
if (!urls.length) {
  console.error('usage: node tests/bench/console-pages.mjs <url> [<url2>] [loads]');
  process.exit(2);
}

const LIST = '/warehousingManagement/isinstockbill';
const FORM = '/warehousingManagement/isinstockbillForm';
const noSpinner = () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active');

const measure = async (browser, url) => {
  const { context, page } = await signedInPage(browser, url);
  // a view to open: the list's first document
  await page.goto(`${url}${LIST}`);
  const first = page.locator('a[data-testid^="view-"]').first();
  await first.waitFor({ timeout: 60_000 });
  const view = new URL(await first.getAttribute('href'), url).pathname;
  const pages = {
    home: { path: '/wel/index', ready: () => page.locator('.shell-page-slot > .shell-page[data-page="/wel/index"]').waitFor() },
    list: { path: LIST, ready: () => page.locator('tbody tr.ant-table-row').first().waitFor() },
    form: { path: FORM, ready: () => Promise.all([page.getByTestId('save-button').waitFor(), page.getByTestId('customerCode').waitFor()]) },
    // the number and the state (the console before issue 28 has no action-buttons wrapper to wait for)
    view: { path: view, ready: () => Promise.all([page.getByTestId('view-billNo').waitFor(), page.getByTestId('view-state').waitFor()]) },
  };
  const out = {};
  for (const [name, p] of Object.entries(pages)) {
    const times = [];
    for (let i = 0; i < loads + 1; i++) {
      const t0 = Date.now();
      await page.goto(`${url}${p.path}`);
      await p.ready();
      await page.waitForFunction(noSpinner, undefined, { polling: 'raf' });
      if (i > 0) times.push(Date.now() - t0); // the first warms the cache
    }
    out[name] = median(times);
  }
  await context.close();
  return out;
};

const browser = await launchBrowser();
try {
  const results = [];
  for (const url of urls) results.push(await measure(browser, url));
  console.log(`navigation to usable, median of ${loads} loads (warm cache), ms`);
  console.log(['page', ...urls].join(' | '));
  for (const name of ['home', 'list', 'form', 'view']) console.log([name === 'home' ? 'home (baseline)' : name, ...results.map((r) => String(r[name]))].join(' | '));
} finally {
  await browser.close();
}
