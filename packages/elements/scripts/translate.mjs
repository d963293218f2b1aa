#!/usr/bin/env node
// Extracts the msg() strings into xliff/, fills missing targets from translations/*.json
// ({"id": {"en": "…", "zh-HK": "…"}}), then builds the locale modules. Existing targets are kept, so a JSON file
// only needs the strings that are new. Run it under a lock when several people work at once:
//   flock /tmp/edu-xliff.lock node packages/elements/scripts/translate.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (script) => execFileSync('npx', ['lit-localize', script], { cwd: root, stdio: 'inherit' });

run('extract');

const table = {};
const dir = join(root, 'translations');
if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    Object.assign(table, JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const missing = [];
for (const locale of ['en', 'zh-HK']) {
  const path = join(root, 'xliff', `${locale}.xlf`);
  const xliff = readFileSync(path, 'utf8').replace(
    /<trans-unit id="([^"]+)">\n(\s*<source>(?:(?!<\/source>)[\s\S])*<\/source>)\n(?!\s*<target>)/g,
    (unit, id, source) => {
      const target = table[id]?.[locale];
      if (typeof target !== 'string') {
        missing.push(`${locale} ${id}`);
        return unit;
      }
      return `<trans-unit id="${id}">\n${source}\n  <target>${escape(target)}</target>\n`;
    },
  );
  writeFileSync(path, xliff);
}

run('build');
if (missing.length) {
  console.error(`No translation for:\n  ${missing.join('\n  ')}`);
  process.exitCode = 1;
}
