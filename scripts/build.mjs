// Builds everything the host needs, in dependency order:
//   1. custom-elements.json from the elements' JSDoc (the single source for wrappers, editor data and docs);
//   2. the React wrappers generated from it;
//   3. the drop-in bundle packages/elements/dist/cdn/edu-elements.js for plain pages;
//   4. the demo host into demo/dist, with the legacy page and the bundle beside it.
// `--generated` stops after step 2 (what type-checking and the dev server need). `--packages` builds what the
// published packages hold instead: each package's dist/ (ES modules, declarations, source maps), the bundle and the
// API pages (packages/elements/docs/, scripts/docs.mjs).
import { execSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFaceAssets } from './face-assets.mjs';
import { buildDocs } from './docs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sh = (cmd, cwd = root) => execSync(cmd, { cwd, stdio: 'inherit' });
const onlyGenerated = process.argv.includes('--generated');
const packagesOnly = process.argv.includes('--packages');

export function buildGenerated() {
  sh('npm run --silent manifest', join(root, 'packages/elements'));
  sh('node packages/elements/scripts/editor-data.mjs');
  sh('node packages/react/scripts/generate-wrappers.mjs');
}

/** Where the demo host is built: EDU_DEMO_OUT (absolute) or demo/dist. */
export const demoOut = process.env.EDU_DEMO_OUT ?? join(root, 'demo/dist');

/** The drop-in bundle packages/elements/dist/cdn/ (edu-elements.js and its lazy chunks). */
export function buildBundle() {
  sh('npx vite build --config packages/elements/vite.bundle.config.ts --logLevel warn');
  // The face detector's model and wasm files beside the bundle (its default base is /face-assets/ of the site).
  copyFaceAssets(join(root, 'packages/elements/dist/cdn/face-assets'));
}

/** Every file under `dir` whose name ends with `suffix`. */
function filesUnder(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The packages as another project installs them: core, elements, react and the server compiled by tsc to their
 * dist/ in dependency order (each against the previous one's declarations, as a consumer sees them), then the bundle.
 */
export function buildPackages() {
  buildGenerated();
  // The API pages travel in the elements package: the editor data links each tag to its page there.
  buildDocs();
  for (const name of ['core', 'elements', 'react', 'server']) {
    const dir = join(root, 'packages', name);
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    sh(`npx tsc -p packages/${name}/tsconfig.build.json`);
    // tsc rewrites the extensions of relative imports, not of `new URL('./x.ts', import.meta.url)` (the MD5 Worker),
    // nor of a dynamic import inside a class's static field.
    for (const file of filesUnder(join(dir, 'dist'), '.js')) {
      const text = readFileSync(file, 'utf8');
      const fixed = text
        .replace(/new URL\('(\.{1,2}\/[^']+)\.ts', import\.meta\.url\)/g, "new URL('$1.js', import.meta.url)")
        .replace(/\bimport\((['"])(\.{1,2}\/[^'"]+)\.ts\1\)/g, 'import($1$2.js$1)');
      if (fixed !== text) writeFileSync(file, fixed);
    }
  }
  buildBundle();
}

export function buildAll() {
  buildGenerated();
  buildBundle();
  sh('npx vite build --logLevel warn');
  mkdirSync(join(demoOut, 'legacy'), { recursive: true });
  cpSync(join(root, 'demo/legacy'), join(demoOut, 'legacy'), { recursive: true });
  // The drop-in bundle and its lazy chunks, served at the site root for plain pages.
  cpSync(join(root, 'packages/elements/dist/cdn'), demoOut, {
    recursive: true,
    filter: (src) => !src.endsWith('.map'),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (onlyGenerated) buildGenerated();
  else if (packagesOnly) buildPackages();
  else buildAll();
}
