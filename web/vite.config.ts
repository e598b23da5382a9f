import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, runnerImport, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './src/i18n/stored.js';

/**
 * The workspace packages ship CommonJS in dist/ (for the services); the console compiles
 * their TypeScript sources directly so both sides always agree on the same contracts.
 */
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** what is worth compressing: text files of at least 1 KB */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|eot|ttf)$/;

/**
 * Every text file of the build also as .br (brotli, best quality) and .gz (gzip 9), written once
 * at build: the host serves them as they are (@fastify/static preCompressed) to browsers that
 * accept them, so no request spends CPU compressing the console's files.
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'tpl-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
      await Promise.all(
        walk(outDir)
          .filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= 1024)
          .map(async (f) => {
            const raw = await fs.promises.readFile(f);
            const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
            const gz = zlib.gzipSync(raw, { level: 9 });
            // a compressed copy no smaller than the file is not worth a header
            if (br.length < raw.length) await fs.promises.writeFile(`${f}.br`, br);
            if (gz.length < raw.length) await fs.promises.writeFile(`${f}.gz`, gz);
          }),
      );
    },
  };
};

/** @tpl/contracts' entry points as the console resolves them (the light barrel first: the first match wins) */
const contractAliases = [
  { find: '@tpl/contracts/light', replacement: fromHere('../contracts/src/light.ts') },
  { find: '@tpl/contracts', replacement: fromHere('../contracts/src/index.ts') },
  { find: '@tpl/workflows', replacement: fromHere('../workflows/src/index.ts') },
];

/**
 * Each language's words as one finished tree (issue 16, light pages). src/i18n/words/<lang>.ts
 * reads its language from src/i18n/messages.ts, which builds the trees from the contracts'
 * resources (derived partly from the zod registries) and the console's strings. At build, this
 * plugin runs messages.ts once in Node (Vite's module runner) and writes each words module as its
 * tree alone (a JSON.parse of a string, the fastest a browser reads a large object): a page loads
 * its language's words, with neither zod nor the registries nor the other two languages. The
 * words are the same as Node reads them; only how they are shipped differs.
 */
const words = (): Plugin => {
  let trees: Promise<Record<string, unknown>> | null = null;
  return {
    name: 'tpl-words',
    apply: 'build',
    async transform(_code, id) {
      const m = /[\\/]src[\\/]i18n[\\/]words[\\/](\w+)\.ts$/.exec(id);
      if (!m) return null;
      trees ??= runnerImport<{ messages: Record<string, unknown> }>(fromHere('src/i18n/messages.ts'), {
        configFile: false,
        logLevel: 'error',
        resolve: { alias: contractAliases },
      }).then((r) => r.module.messages);
      const tree = (await trees)[m[1]];
      if (!tree) this.error(`src/i18n/messages.ts has no language ${m[1]}`);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});\n`, map: null };
    },
    // the words load only once the entry has run (i18n/index.ts): a small script in the page asks
    // for the stored language's chunks at once (its words, antd's and dayjs's words of it, and what
    // those import that the entry does not), beside the entry's, so no load waits for another
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return undefined;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const ofEntry = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const f of byFile.get(file)?.imports ?? []) walk(f, into);
        };
        if (entry) walk(entry.fileName, ofEntry);
        const files: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const m = chunk.facadeModuleId ? /[\\/]src[\\/]i18n[\\/](?:words|ui)[\\/](\w+)\.ts$/.exec(chunk.facadeModuleId) : null;
          if (!m) continue;
          const mine = new Set<string>();
          walk(chunk.fileName, mine);
          files[m[1]] = [...new Set([...(files[m[1]] ?? []), ...[...mine].filter((f) => !ofEntry.has(f)).map((f) => `/${f}`)])];
        }
        if (!files[DEFAULT_LANGUAGE]) return undefined;
        const script =
          `(function(){var w=${JSON.stringify(files)},l;try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
          `(w[l]||w[${JSON.stringify(DEFAULT_LANGUAGE)}]).forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;document.head.appendChild(k)})})()`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
};

/** React and the router: every page needs them, they change seldom (a chunk of their own, cached across builds) */
const REACT_CORE = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  base: '/',
  plugins: [react(), words(), precompress()],
  resolve: {
    alias: contractAliases,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the manifest says which chunks each page loads (scripts/bundle-report.mjs reads it)
    manifest: true,
    chunkSizeWarningLimit: 1400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // antd is not one chunk: each page's chunk takes the components it uses, so the sign-in
            // page loads its form, buttons and tabs, not the tables, pickers and trees of the console.
            // React Flow, dagre, bpmn-js and ECharts stay in the pages that load them lazily.
            { name: 'react', test: REACT_CORE },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
