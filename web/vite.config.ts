import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The workspace packages ship CommonJS in dist/ (for the services); the console compiles
 * their TypeScript sources directly so both sides always agree on the same contracts.
 */
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** bpmn-io libraries and what only they use */
const BPMN_LIBS =
  /node_modules[\\/](bpmn-js[^\\/]*|diagram-js[^\\/]*|@bpmn-io|bpmnlint[^\\/]*|bpmn-moddle|moddle[^\\/]*|zeebe-bpmn-moddle|camunda-bpmn-js-behaviors|didi|tiny-svg|min-dom|min-dash|path-intersection|ids|hammerjs|inherits-browser|object-refs|saxen|preact|@codemirror|@lezer|lezer-feel|feelin|feelers|focus-trap|tabbable|clsx|classnames|htm)[\\/]/;

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@tpl/contracts': fromHere('../contracts/src/index.ts'),
      '@tpl/workflows': fromHere('../workflows/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is about 1.3 MB (the master-data screens use Upload, Drawer, Progress,
    // Descriptions, Popover too); the libraries get chunks of their own so that a new
    // console build does not make browsers download them again
    chunkSizeWarningLimit: 1400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ },
            // React Flow and dagre (and what only they use) stay in the lazily loaded lifecycle chunk
            // bpmn-js, its properties panel and bpmnlint stay out of it: they load with the designer or the first diagram
            // ECharts (and zrender) load with the dashboard only
            { name: 'vendor', test: (id: string) => /node_modules[\\/](?!@xyflow|@dagrejs|d3-|zustand|classcat|echarts|zrender)/.test(id) && !BPMN_LIBS.test(id) },
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
