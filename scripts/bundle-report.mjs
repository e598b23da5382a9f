// The console's JavaScript per route, from the build's manifest (web/dist/.vite/manifest.json):
// what the sign-in route loads (the entry and its static imports), then, for each page loaded on
// demand (a lazy route's module), the chunks it adds beyond the entry's, with their raw, gzip and
// brotli sizes (as the host serves them: the .gz / .br files the build wrote beside them).
// Usage: npm run build (or npx vite build in web/), then node scripts/bundle-report.mjs [--json]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build the console first (npm run build)`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const sizes = new Map();
/** raw, gzip and brotli bytes of a built file (the precompressed copies when the build wrote them) */
const sizeOf = (file) => {
  if (sizes.has(file)) return sizes.get(file);
  const full = path.join(dist, file);
  const raw = fs.readFileSync(full);
  const gz = fs.existsSync(`${full}.gz`) ? fs.statSync(`${full}.gz`).size : zlib.gzipSync(raw, { level: 9 }).length;
  const br = fs.existsSync(`${full}.br`)
    ? fs.statSync(`${full}.br`).size
    : zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const s = { raw: raw.length, gzip: gz, brotli: br };
  sizes.set(file, s);
  return s;
};

/** every chunk a manifest entry loads before it runs: itself and its static imports, recursively */
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key]?.imports ?? []) closure(imp, seen);
  return seen;
};
const jsOf = (keys) => [...keys].map((k) => manifest[k]?.file).filter((f) => f && f.endsWith('.js'));
const cssOf = (keys) => [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
const total = (files) => files.map(sizeOf).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// each language's words are a chunk of their own (src/i18n/words/<lang>.ts), and so are antd's and
// dayjs's words of it (src/i18n/ui/<lang>.ts): the sign-in route loads the shown language's (the
// default, zh, on a first visit) beside the entry, never the other two
const WORDS = /^src\/i18n\/(words|ui)\/(\w+)\.ts$/;
const DEFAULT_WORDS = ['src/i18n/words/zh.ts', 'src/i18n/ui/zh.ts'].filter((k) => manifest[k]);
const entryOnly = closure(entryKey);
const entry = new Set(entryOnly);
for (const k of DEFAULT_WORDS) closure(k, entry);
const entryJs = jsOf(entry);
const entryOnlyJs = jsOf(entryOnly);
const routes = [
  { route: `/login (the entry: sign-in, token check, error pages${DEFAULT_WORDS.length ? ', and the zh words' : ''})`, module: entryKey, js: entryJs, css: cssOf(entry) },
  ...Object.keys(manifest)
    .filter((k) => WORDS.test(k))
    .sort()
    .map((k) => {
      const [, kind, lang] = WORDS.exec(k);
      // what the language adds to the entry (shared pieces such as dayjs are the entry's)
      return { route: `  ${kind === 'ui' ? 'antd/dayjs words' : 'words'}: ${lang} (one language's, loaded when shown)`, module: k, js: jsOf(closure(k)).filter((f) => !entryOnlyJs.includes(f)), css: [] };
    }),
  ...Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && /\.(tsx|ts)$/.test(k) && k.startsWith('src/') && !WORDS.test(k))
    .sort()
    .map((k) => {
      const keys = closure(k);
      const own = jsOf(keys).filter((f) => !entryJs.includes(f));
      return { route: `+ ${k.replace(/^src\//, '')}`, module: k, js: own, css: cssOf(keys) };
    }),
];

const rows = routes.map((r) => {
  const t = total(r.js);
  return { route: r.route, chunks: r.js.length, raw: t.raw, gzip: t.gzip, brotli: t.brotli, files: r.js.map((f) => `${path.basename(f)} (${kb(sizeOf(f).brotli)} br)`).join(', ') };
});
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log('JavaScript per route (brotli / gzip / raw); pages list what they add to the entry');
  for (const r of rows) {
    console.log(`${r.route}\n    ${kb(r.brotli)} br, ${kb(r.gzip)} gzip, ${kb(r.raw)} raw, ${r.chunks} chunks: ${r.files}`);
  }
}
