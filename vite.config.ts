// Builds and serves the React demo host. In `npm run dev` the API paths go to the reference server
// (EDU_API_TARGET); `npm start` serves the built host and the API from the reference server itself.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.EDU_API_TARGET ?? 'http://127.0.0.1:8081';
const proxied = ['/api', '/common', '/zuul', '/sso', '/legacy', '/edu-elements.js'];

export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    // EDU_DEMO_OUT lets parallel builds (several engineers, CI) keep apart; default demo/dist.
    outDir: process.env.EDU_DEMO_OUT ?? fileURLToPath(new URL('./demo/dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
