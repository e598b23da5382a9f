// The sign-in page in Chromium with a cold cache: how many bytes of JavaScript it loads (as sent
// over the wire: compressed, as the host serves them) and when it is interactive (the account
// field accepts typing), from the navigation's start. The host serves the built console
// (web/dist: npm run build first) in a process of its own, on a throwaway PostgreSQL database.
// Each load is a fresh browser context (empty cache). No assertion: figures to read, beside the
// goals (at most 350 KB of compressed JavaScript, interactive within 1 s).
// Usage: node tests/bench/signin-page.mjs [loads=5]
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const LOADS = Number(process.argv[2] ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '..', '..', 'web', 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} has no build: run npm run build first`);
  process.exit(1);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const serve = (databaseUrl) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'server.mjs'), databaseUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_WEB_DIST: webDist },
    });
    child.stdout.on('data', (b) => {
      const m = /READY (\S+)/.exec(String(b));
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });

await withTempDatabase('tpl_bench_signin', async (databaseUrl) => {
  const host = await serve(databaseUrl);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const rows = [];
    for (let i = 0; i < LOADS + 1; i++) {
      const context = await browser.newContext(); // a fresh profile: nothing cached
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = new Map();
      let encodings = new Set();
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') {
          scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
          encodings.add(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity');
        }
      });
      cdp.on('Network.loadingFinished', (e) => {
        const s = scripts.get(e.requestId);
        if (s) s.bytes = e.encodedDataLength;
      });
      await page.goto(`${host.url}/login`, { waitUntil: 'commit' });
      const account = page.getByTestId('login-account');
      await account.fill('dispatcher'); // waits until the field is there, visible and enabled
      // the page's own clock: milliseconds since its navigation started
      const interactiveMs = await page.evaluate(() => performance.now());
      await page.waitForLoadState('networkidle');
      const bytes = [...scripts.values()].reduce((a, s) => a + s.bytes, 0);
      // the first load warms the server (and the disk cache of its files), not the browser: not counted
      if (i > 0) rows.push({ load: i, scripts: scripts.size, jsBytesOnWire: bytes, jsOnWire: kb(bytes), encodings: [...encodings].join(','), interactiveMs: Math.round(interactiveMs) });
      await context.close();
    }
    console.table(rows);
    const bytes = median(rows.map((r) => r.jsBytesOnWire));
    const ms = median(rows.map((r) => r.interactiveMs));
    console.log(
      `sign-in page, cold cache, median of ${rows.length} loads: ${kb(bytes)} of JavaScript on the wire (${rows[0].encodings}; goal at most 350 KB), ` +
        `${rows[0].scripts} scripts, interactive after ${ms} ms (goal within 1000 ms)`,
    );
  } finally {
    await browser.close();
    await host.stop();
  }
});
