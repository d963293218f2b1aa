/**
 * The drop-in bundle for plain school pages: `dist/cdn/edu-elements.js`, an ES module with lit, @lit/localize, the
 * core and every element inside, which defines every `<edu-…>` element and sets `window.EduPortal`; what is
 * loaded lazily (locales, ECharts) sits beside it in `dist/cdn/edu-elements-chunks/`. Build from the repository root: `npx vite build --config packages/elements/vite.bundle.config.ts`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { minifyLitTemplatesPlugin } from '../../scripts/minify-lit-templates.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** A chunk of its own for the modules of one feature, paths given under `packages/` with `/` for either separator. */
const feature = (name: string, paths: string[]) => ({
  name,
  test: new RegExp(paths.map((path) => `packages/${path}`.replaceAll('/', '[\\\\/]')).join('|')),
  includeDependenciesRecursively: false,
});

export default defineConfig({
  root: here('.'),
  // No public directory or HTML: a library build of two entries (the whole bundle and the autoloader).
  publicDir: false,
  plugins: [minifyLitTemplatesPlugin()],
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
    // No source maps for the drop-in files: with their sources embedded (the only maps that point at something a
    // package user has) they were 10 MB of the package, mostly ECharts', face-api's and OpenCC's own code. The
    // package's ES modules in dist/ keep theirs, sources embedded.
    sourcemap: false,
    // Keeps Chinese text raw (TOOLCHAIN.md): pages declare <meta charset="utf-8">.
    minify: true,
    lib: {
      entry: { 'edu-elements': here('./src/bundle.ts'), 'edu-autoloader': here('./src/autoloader.ts') },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      // Groups that do not pull their dependencies in (below) need entries that may export more than they declare.
      preserveEntrySignatures: 'allow-extension',
      output: {
        // Lazy parts (locales, ECharts) stay lazy: chunks beside the entry, loaded relative to it on first use, so a
        // plain page still needs one <script> tag but does not download charts it never draws.
        chunkFileNames: 'edu-elements-chunks/[name]-[hash].js',
        // Chunks by feature (size budgets): every file a page loads costs its own gzip dictionary and its import lists,
        // so elements used together share a chunk. One base chunk for what nearly every element loads (Lit, the
        // elements' base modules, core's foundation, the dialog most elements open and the notices every page shows);
        // then the portal shell (header, footer, desktop, side menu,
        // to-do panel, viewport, theme background, with the core modules they use), the sign-in elements, and the
        // dialogs the portal opens. The feature groups take only the modules they name (not their dependencies), and
        // they import each other one way only (base ← login ← portal ← settings), so no chunk cycle can leave a
        // binding unset while modules evaluate. A group takes the modules it names even where they are only imported
        // lazily, so lazy parts (paintings, the login chain's ways in, the login controller, the upload engine, the
        // voice capture and recognizer, the MD5 of request signatures, the HTTP status texts) are named nowhere.
        codeSplitting: {
          groups: [
            {
              name: 'base',
              test: /node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element|@lit[\\/]localize)[\\/]|packages[\\/]elements[\\/]src[\\/]internal[\\/](edu-element|tokens|shared-styles|control-styles|localize|define-element|page-singleton|overlay-stack|dialog-overlay|scroll-lock|throttle|load-once)\.ts$|packages[\\/]elements[\\/]src[\\/](dialog|notice)[\\/]|packages[\\/]core[\\/]src[\\/](platform|constants|i18n|session|http)[\\/](?!md5\.ts$|http-status\.ts$)/,
              minShareCount: 2,
            },
            feature('login', [
              'elements/src/(login-box|login-dialog|licence-dialog|download-dialog)/',
              'elements/src/internal/(login-form|social-login|qr-code)\\.ts$',
              'core/src/auth/(api|remember|texts|validation|address|redirect|social-state|landing|passkey-support)\\.ts$',
            ]),
            feature('portal', [
              'elements/src/(header|footer|desktop|side-menu|todo-panel|viewport)/',
              'elements/src/theme-background/theme-background(\\.styles)?\\.ts$',
              'elements/src/message-dialog/(message-parts|row-focus)\\.ts$',
              'elements/src/internal/image-failures\\.ts$',
              'core/src/format/',
              'core/src/desktop/(header|icons|left-menu|reorder|wire)\\.ts$',
              'core/src/identity/(children|switch|licence|texts)\\.ts$',
              'core/src/messages/(expiry|message)\\.ts$',
              'core/src/viewport/viewport\\.ts$',
            ]),
            feature('settings', [
              'elements/src/(about-dialog|theme-dialog|child-dialog|module-expiry)/',
              'elements/src/message-dialog/message-dialog(\\.styles)?\\.ts$',
              'core/src/(theme/dialog|version/text)\\.ts$',
            ]),
            feature('upload', [
              'elements/src/upload/(upload|upload\\.styles|states|format)\\.ts$',
              'core/src/upload/drop\\.ts$',
            ]),
            feature('voice', [
              'elements/src/voice-recorder/(voice-recorder|voice-recorder\\.styles|microphone)\\.ts$',
              'core/src/voice/(api|texts|text)\\.ts$',
            ]),
          ],
        },
        // Vite's library mode keeps whitespace and comments in ES output (for the pure annotations a bundler of the
        // library would use); these files are final, so they are minified whole, and no bundler reads their pure
        // annotations: those go too, as the other comments already did.
        minify: true,
        comments: false,
      },
    },
  },
});
