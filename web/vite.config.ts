import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';

// The bundle is served by the game server from its classpath (web/) at the site's root; the game page
// lives under /game/{id}, so asset paths are absolute. In development, `npm run dev` proxies the API to a
// server started with `./fortuna serve` on port 8080.
export default defineConfig({
  base: '/',
  plugins: [preact()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 400 },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
