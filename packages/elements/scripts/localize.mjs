#!/usr/bin/env node
// `npm run localize`: the xliff files are the one hand-edited source of the elements' translations.
// 1. `lit-localize extract` adds every new msg() id to xliff/en.xlf and xliff/zh-HK.xlf (existing targets kept);
// 2. every <trans-unit> without a <target> is listed, and the run fails, so no string ships untranslated;
// 3. `lit-localize build` writes src/generated/locales/*.ts (committed) from the xliff.
// A new string: write msg('…', { id: 'topic.name' }), run this, write the two <target>s it lists, run it again.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { targetLocales } = JSON.parse(readFileSync(join(root, 'lit-localize.json'), 'utf8'));
const run = (script) => execFileSync('npx', ['lit-localize', script], { cwd: root, stdio: 'inherit' });

run('extract');

const missing = [];
for (const locale of targetLocales) {
  const xliff = readFileSync(join(root, 'xliff', `${locale}.xlf`), 'utf8');
  for (const [, id, body] of xliff.matchAll(/<trans-unit id="([^"]+)">([\s\S]*?)<\/trans-unit>/g)) {
    if (!body.includes('<target>')) missing.push(`xliff/${locale}.xlf ${id}`);
  }
}

run('build');
if (missing.length) {
  console.error(`No <target> yet (the source text is shown meanwhile):\n  ${missing.join('\n  ')}`);
  process.exitCode = 1;
}
