import { chromium } from 'playwright-core';
const url = process.env.URL ?? 'http://127.0.0.1:8080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.goto(`${url}/login`);
await page.getByTestId(process.env.LANG_ID ?? 'lang-en').click();
await page.getByTestId('login-tenant').fill('100001');
await page.getByTestId('login-account').fill(process.env.ACCOUNT ?? 'admin');
await page.getByTestId('login-password').fill(process.env.PASSWORD ?? 'admin');
await page.getByTestId('login-submit').click();
await page.waitForURL((u) => u.pathname === '/wel/index');
const shot = (n) => page.screenshot({ path: `/tmp/shots/${n}.png`, fullPage: true });
const go = async (p) => { await page.evaluate((p) => { window.history.pushState({}, '', p); window.dispatchEvent(new PopStateEvent('popstate')); }, p); await page.waitForTimeout(1500); };
const mod = await import(process.argv[2]);
try { await mod.default({ page, shot, go, url }); } catch (e) { console.log('FAILED', e.message); await shot('failed'); }
await browser.close();
