// What the console benches share: Debian's Chromium with the flags this closed network needs,
// and a signed-in page of a running console (admin/admin of tenant 100001), 1440 x 900.
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const launchBrowser = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

/** A new context's page, signed in through the sign-in page and on the first page. */
export const signedInPage = async (browser, url) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByTestId('login-tenant').fill('100001');
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/wel/index');
  return { context, page };
};
