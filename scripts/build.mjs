// Builds everything the host needs, in dependency order:
//   1. custom-elements.json from the elements' JSDoc (the single source for wrappers and docs);
//   2. the React wrappers generated from it;
//   3. the drop-in bundle packages/elements/dist/edu-elements.js for plain pages;
//   4. the demo host into demo/dist, with the legacy page and the bundle beside it.
// `--generated` stops after step 2 (what type-checking and the dev server need).
import { execSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sh = (cmd, cwd = root) => execSync(cmd, { cwd, stdio: 'inherit' });
const onlyGenerated = process.argv.includes('--generated');

export function buildGenerated() {
  sh('npm run --silent manifest', join(root, 'packages/elements'));
  sh('node packages/react/scripts/generate-wrappers.mjs');
}

/** Where the demo host is built: EDU_DEMO_OUT (absolute) or demo/dist. */
export const demoOut = process.env.EDU_DEMO_OUT ?? join(root, 'demo/dist');

export function buildAll() {
  buildGenerated();
  sh('npx vite build --config packages/elements/vite.bundle.config.ts --logLevel warn');
  sh('npx vite build --logLevel warn');
  mkdirSync(join(demoOut, 'legacy'), { recursive: true });
  cpSync(join(root, 'demo/legacy'), join(demoOut, 'legacy'), { recursive: true });
  // The drop-in bundle and its lazy chunks, served at the site root for plain pages.
  cpSync(join(root, 'packages/elements/dist'), demoOut, {
    recursive: true,
    filter: (src) => !src.endsWith('.map'),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (onlyGenerated) buildGenerated();
  else buildAll();
}
