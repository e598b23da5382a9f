import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, WEB_DIST } from '../support/browser';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The sign-in page loads one language's words (issue 28 item 13): the console's words
 * (src/i18n/words/<lang>.ts) and antd's and dayjs's words (src/i18n/ui/<lang>.ts) of the language
 * shown, none of the other two, whether fetched, preloaded or built into the entry; switching
 * language loads the other's then, and a reload in it loads only it.
 */
type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = (): Record<string, Chunk> => JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const LANGS = ['zh', 'en', 'mo'] as const;

describe('the sign-in page in Chromium loads one language', () => {
  let t: TestHost;
  let browser: Browser;
  /** each language's own files: its words, its antd/dayjs words */
  let own: Record<string, string[]>;
  let entryFiles: Set<string>;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: npm test builds it first');
    const m = manifest();
    own = Object.fromEntries(LANGS.map((l) => [l, [`src/i18n/words/${l}.ts`, `src/i18n/ui/${l}.ts`].map((k) => m[k]?.file).filter((f): f is string => Boolean(f))]));
    for (const l of LANGS) expect([l, own[l]!.length]).toEqual([l, 2]);
    const closure = (key: string, into = new Set<string>()): Set<string> => {
      if (into.has(key)) return into;
      into.add(key);
      for (const i of m[key]?.imports ?? []) closure(i, into);
      return into;
    };
    const entry = Object.keys(m).find((k) => m[k]!.isEntry)!;
    entryFiles = new Set([...closure(entry)].map((k) => m[k]!.file));
    [t, browser] = await Promise.all([startTestHost('embedded', WEB_DIST), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** The scripts the page fetched (preloads included), as paths. */
  const scriptsOf = (page: Page): string[] => {
    const seen: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.url().endsWith('.js')) seen.push(new URL(r.url()).pathname.replace(/^\//, ''));
    });
    return seen;
  };
  const languagesIn = (files: readonly string[]) => LANGS.filter((l) => own[l]!.some((f) => files.includes(f)));

  it('shows Chinese on a first visit with Chinese words alone; English once chosen, then English alone', async () => {
    // the entry itself carries no language's words: they are the languages' own chunks (antd's
    // date picker placeholder in either Chinese is not in any file the entry loads; English is
    // antd's built-in default and is in antd's own code, whatever the language)
    for (const l of LANGS) for (const f of own[l]!) expect([f, entryFiles.has(f)]).toEqual([f, false]);
    const entryText = [...entryFiles].map((f) => fs.readFileSync(path.join(WEB_DIST, f), 'utf8')).join('\n');
    for (const word of ['请选择日期', '請選擇日期']) expect([word, entryText.includes(word)]).toEqual([word, false]);

    const context = await browser.newContext();
    const page = await context.newPage();
    const first = scriptsOf(page);
    await page.goto(`${t.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    expect(languagesIn(first)).toEqual(['zh']);
    for (const f of own.zh!) expect(first).toContain(f);
    // nothing of another language is even asked to be preloaded
    const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname.replace(/^\//, '')));
    expect(languagesIn(preloads)).toEqual(['zh']);

    // switched to English: its words come then, and the page says it in English
    await page.getByTestId('lang-en').click();
    await page.getByText('Sign in', { exact: false }).first().waitFor();
    expect(languagesIn(first)).toEqual(['zh', 'en']);

    // a visit in English (the choice is remembered) loads English alone
    const again = await context.newPage();
    const second = scriptsOf(again);
    await again.goto(`${t.url}/login`);
    await again.getByTestId('login-submit').waitFor();
    await again.waitForLoadState('networkidle');
    expect(await again.getByTestId('login-submit').textContent()).toContain('Sign in');
    expect(languagesIn(second)).toEqual(['en']);
    await context.close();
  });
});
