// The tags of the kit's elements as packages/elements/src/define.ts registers them (its `elementClasses` table):
// the one list the build-script tests hold the manifest, the editor data and the API pages to.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The tags of `elementClasses` in define.ts under `root`, sorted. */
export function registeredTags(root = repoRoot) {
  const define = readFileSync(join(root, 'packages/elements/src/define.ts'), 'utf8');
  const start = define.indexOf('export const elementClasses');
  const table = define.slice(start, define.indexOf('} as const;', start));
  return [...table.matchAll(/^\s*'(edu-[a-z0-9-]+)': Edu\w+,$/gm)].map((match) => match[1]).sort();
}
