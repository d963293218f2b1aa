/**
 * The drop-in bundle for plain school pages: `dist/cdn/edu-elements.js`, an ES module with lit, @lit/localize, the
 * core and every element inside, which defines every `<edu-…>` element and sets `window.EduPortal`; what is
 * loaded lazily (locales, ECharts) sits beside it in `dist/cdn/edu-elements-chunks/`. Build from the repository root: `npx vite build --config packages/elements/vite.bundle.config.ts`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { minifyLitCssPlugin } from '../../scripts/minify-lit-css.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  // No public directory or HTML: a library build of two entries (the whole bundle and the autoloader).
  publicDir: false,
  plugins: [minifyLitCssPlugin()],
  // Asset URLs (the MD5 Worker) relative to the bundle's own URL (import.meta.url), not the site root, so hashing
  // stays in a Worker on a page served from any folder.
  base: './',
  resolve: {
    // Lit's production build, not its dev-mode warnings; the kit's packages from their sources.
    conditions: ['@edu-portal/source', 'browser', 'production'],
  },
  // Module Workers: the face detector's Worker imports face-api lazily (a chunk of its own).
  worker: { format: 'es' },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  build: {
    outDir: here('./dist/cdn'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Keeps Chinese text raw (TOOLCHAIN.md): pages declare <meta charset="utf-8">.
    minify: true,
    lib: {
      entry: { 'edu-elements': here('./src/bundle.ts'), 'edu-autoloader': here('./src/autoloader.ts') },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      output: {
        // Lazy parts (locales, ECharts) stay lazy: chunks beside the entry, loaded relative to it on first use, so a
        // plain page still needs one <script> tag but does not download charts it never draws.
        chunkFileNames: 'edu-elements-chunks/[name]-[hash].js',
        // One base chunk for what nearly every element loads (Lit, the elements' base modules, core's foundation)
        // instead of some twenty chunks under 1 kB each (issue 15: every element −5.5 kB, the plain page −0.5 kB).
        codeSplitting: {
          groups: [
            {
              name: 'base',
              test: /node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element|@lit[\\/]localize)[\\/]|packages[\\/]elements[\\/]src[\\/]internal[\\/](edu-element|tokens|shared-styles|control-styles|localize|define-element|page-singleton|overlay-stack)\.ts$|packages[\\/]core[\\/]src[\\/](platform|constants|i18n|session|http)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
        // Vite's library mode keeps whitespace and comments in ES output (for the pure annotations a bundler of the
        // library would use); these files are final, so they are minified whole.
        minify: true,
      },
    },
  },
});
