import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to tell browsers, in a page's HTML, which lazy chunks that page will need at once.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
