import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { paintFirstTags, prerenderFirstViews } from './prerender.ts';

const api = process.env.MINTCAST_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), paintFirstTags(), prerenderFirstViews()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, ws: true, changeOrigin: false },
      // Live video signalling: the API server passes it on to the embedded media server.
      '/rtc': { target: api, ws: true, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every icon in one chunk (~13 KB) rather than one ~300-byte chunk per icon and importer set: each
          // chunk is a request and a modulepreload link (half a millisecond of main thread as it is added,
          // 2 ms on a phone), and the stream page's route had 12 such (decision 017, seventh step).
          groups: [{ name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ }],
        },
      },
    },
  },
});
