// Builds and serves the React demo host. In `npm run dev` the API paths go to the reference server
// (EDU_API_TARGET); `npm start` serves the built host and the API from the reference server itself.
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { minifyLitTemplatesPlugin } from './scripts/minify-lit-templates.mjs';
import { demoThemePlugin } from './scripts/demo-theme.mjs';
import { fileURLToPath } from 'node:url';
import { createReadStream } from 'node:fs';
import { faceAssetFile, faceAssetType } from './scripts/face-assets.mjs';

const apiTarget = process.env.EDU_API_TARGET ?? 'http://127.0.0.1:8081';
// What the reference server (or a real back end) serves beside the host: the API, plugin files, single sign-on
// pages, the legacy page and drop-in bundle, language packs (/{root}/{code}/lang/…), version files
// (/{root}/{code}/package.json, /{root}/{code}-version/version.json) and viewport apps (/{app}/manifest.json, static/).
const proxied = [
  '/api',
  '/common',
  '/zuul',
  '/sso',
  '/legacy',
  '/edu-elements',
  '^/[^/]+/[^/]+/lang/',
  '^/[^/]+/[^/]+/package\\.json$',
  '^/[^/]+/[^/]+-version/version\\.json$',
  '^/[^/]+/(manifest\\.json$|static/)',
];

/**
 * The face detector's model and wasm files at /face-assets/ in development, straight from the installed packages
 * (no CDN). The build copies them beside the drop-in bundle, which `scripts/build.mjs` puts at the root.
 */
const faceAssets: Plugin = {
  name: 'edu-face-assets',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const file = faceAssetFile(new URL(req.url ?? '/', 'http://host').pathname);
      if (!file) return next();
      res.setHeader('Content-Type', faceAssetType(file));
      createReadStream(file).pipe(res);
    });
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  base: '/',
  plugins: [react(), minifyLitTemplatesPlugin(), demoThemePlugin(), faceAssets],
  // Module Workers (the face detector imports face-api lazily inside its Worker).
  worker: { format: 'es' },
  // The kit's packages export built files; inside this repository the host builds from their sources.
  resolve: { conditions: ['@edu-portal/source', ...defaultClientConditions] },
  build: {
    // EDU_DEMO_OUT lets parallel builds (several engineers, CI) keep apart; default demo/dist.
    outDir: process.env.EDU_DEMO_OUT ?? fileURLToPath(new URL('./demo/dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of the es2022 target knows <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false },
    // Fewer, larger shared chunks where many small ones cost more than they save (size budgets, measured with
    // `node scripts/budgets.mjs --files`): core's foundation modules shared by three or more chunks, and Lit. A group
    // takes the modules it names even where they are only imported lazily: the MD5 of request signatures and the
    // table of HTTP status texts are named out, so they stay lazy.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'foundation',
              test: /packages[\\/]core[\\/]src[\\/]((platform|constants|i18n|session|http)[\\/](?!md5\.ts$|http-status\.ts$)|auth[\\/](address|redirect|logout|landing|navigation)\.ts$|desktop[\\/]wire\.ts$)/,
              minShareCount: 3,
            },
            {
              name: 'lit',
              test: /node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element|@lit[\\/]localize)[\\/]|packages[\\/]elements[\\/]src[\\/]internal[\\/](edu-element|tokens|control-styles|localize|define-element|page-singleton|throttle)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    // ws: the development speech gateway (/api/speech/ws/v1) is a WebSocket on the API server.
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false, ws: p === '/api' }])),
  },
});
