import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium: its headless shell when installed (the same engine without the browser's own
 * window, tab strip and WebUI: far less work per page on a 2-core machine; what Playwright uses for
 * headless runs), else the full browser. CHROMIUM_PATH chooses another.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const SCREENSHOTS = path.resolve(__dirname, '..', 'e2e', 'screenshots');

/** Debian's chromium, headless, with the flags this closed network needs. */
export const launchChromium = async (): Promise<Browser> => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: npm test installs it (apt-get install chromium chromium-headless-shell)`);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // the console's reduced-motion mode (an accessibility setting it honours): antd's
      // transitions off, so nothing waits for a modal's zoom or a dropdown's slide to end.
      // E2E_MOTION=on keeps them (what a run with them costs: tests/bench or a timed jest run)
      ...(process.env.E2E_MOTION === 'on' ? [] : ['--force-prefers-reduced-motion']),
    ],
  });
};

export const WEB_DIST = path.resolve(__dirname, '..', '..', 'web', 'dist');

/** The first page a sign-in lands on (spec 01 section 9), through the token-check page /. */
export const FIRST_PAGE = '/wel/index';

/** Whether the browser has left the sign-in flow (the sign-in page, the token-check page, the OAuth callback). */
export const signedInUrl = (url: URL): boolean => url.pathname !== '/login' && url.pathname !== '/' && !url.pathname.startsWith('/oauth/');

/** Fills and submits the sign-in page's account form (the page must be open). */
export const fillSignIn = async (page: Page, account: string, password: string, tenant = '100001'): Promise<void> => {
  await page.getByTestId('login-tenant').fill(tenant);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
};

/** Signs in through the console's sign-in page, in English, and waits for the first page. */
export const signInPage = async (page: Page, url: string, account: string, password = 'demo123', tenant = '100001'): Promise<Page> => {
  // a fresh history entry: a sign-in page reached by a sign-out remembers the page to return to
  if (page.url().startsWith(url)) await page.goto('about:blank');
  await page.goto(`${url}/login`);
  await page.getByTestId('lang-en').click();
  await fillSignIn(page, account, password, tenant);
  await page.waitForURL((u) => u.pathname === FIRST_PAGE);
  return page;
};

/**
 * Chooses an entry of an open popup (a dropdown's menu, the search box's answers, a confirm's
 * buttons) by a click event on the entry, not a pointer click at coordinates: on a loaded
 * machine a popup still sliding open can move between the pointer's aim and its click, and the
 * click lands beside the entry or on its neighbour. A modal's OK button is chosen the same way:
 * a click aimed while its zoom-in runs can miss it, and the action is then never taken.
 */
export const choose = async (page: Page, testId: string): Promise<void> => {
  // the newest popup is mounted last (an earlier one may still be fading out)
  const entry = page.getByTestId(testId).last();
  await entry.waitFor();
  await entry.dispatchEvent('click');
};

/**
 * Waits until a picker's list has answered what was typed: a searching picker is aria-busy while
 * its typed search waits for the debounce or the server (RefSelect, DocSelect, a dictionary).
 */
export const pickerSettled = async (page: Page, testId: string) => {
  // antd gives aria-busy to the picker's search input, inside the element named by the test id
  const picker = await page.getByTestId(testId).first().elementHandle();
  await page.waitForFunction((el) => !el?.matches('[aria-busy="true"]') && !el?.querySelector('[aria-busy="true"]'), picker, { timeout: 15_000 });
};

/** What the console's toasts say now (an action's error is shown there), for a failure's message. */
export const toasts = async (page: Page): Promise<string[]> => page.locator('.ant-message-notice').allTextContents().catch(() => []);

/**
 * A click that opens a print (a PDF) in a new tab. The full browser shows it in its PDF viewer
 * (the tab's address becomes the blob:); the headless shell has no viewer and downloads it
 * instead, and then its bytes must be a PDF. The tab is closed after.
 */
export const printOpensPdf = async (page: Page, click: () => Promise<void>): Promise<void> => {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
  const viewed = tab.waitForURL((u) => u.protocol === 'blob:');
  const downloaded = tab.waitForEvent('download').then(async (d) => {
    const bytes = fs.readFileSync((await d.path())!);
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`the print ${d.suggestedFilename()} is not a PDF`);
  });
  await Promise.any([viewed, downloaded]);
  await tab.close();
};

/** Pushes a route onto the console's history as its router's links do (no page load); the router renders it. */
export const routerPush = (page: Page, to: string): Promise<void> =>
  page.evaluate((target) => {
    window.history.pushState({ usr: null, key: `p${Date.now()}`, idx: ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1 }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);

/**
 * Moves a signed-in console to a route as its own links do (the router's history, no page load):
 * for a step that only needs to be on that screen, it spares loading the console again. A route
 * whose tab is open is loaded afresh instead (its kept page would show what it held then), and so
 * is any route from outside the console (the sign-in page, a blank page). What typing an address
 * does is tested with page.goto.
 */
export const visit = async (page: Page, url: string, route: string): Promise<void> => {
  const target = new URL(route, url);
  const here = page.url().startsWith(url) ? new URL(page.url()) : null;
  const inConsole = here !== null && signedInUrl(here) && (await page.locator('.shell-page-slot').count()) > 0;
  if (!inConsole || (await page.getByTestId(`tab-${target.pathname}`).count()) > 0) {
    await page.goto(target.toString());
    return;
  }
  await routerPush(page, target.pathname + target.search + target.hash);
  // the page before stays shown until the new one is ready (a navigation renders in a transition):
  // nothing of it may be taken for the new one's
  await page.waitForFunction(
    (p) => {
      const slot = document.querySelector('.shell-page-slot');
      return location.pathname === p && (!slot || slot.querySelector(':scope > .shell-page')?.getAttribute('data-page') === p);
    },
    target.pathname,
    { timeout: 30_000 },
  );
};
