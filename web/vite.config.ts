import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The workspace packages ship CommonJS in dist/ (for the services); the console compiles
 * their TypeScript sources directly so both sides always agree on the same contracts.
 */
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
            // React Flow (and what only it uses) stays in the lazily loaded lifecycle chunk
            { name: 'vendor', test: /node_modules[\\/](?!@xyflow|d3-|zustand|classcat)/ },
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
