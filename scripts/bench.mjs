// `npm run bench`: runs every bench/*.bench.mjs in Debian's Chromium against the built demo host served by the
// reference server, and records each result in bench/results/{name}.json. A benchmark measures its subject and a
// baseline in the same run and reports ratios, so results compare across machines and runs.
//
// A benchmark module exports `default async function ({ browser, baseURL, serverPid }) => ({ name, description, rows })`
// where each row is `{ metric, value, baseline, unit }`; the ratio value / baseline is computed here.
import { readdirSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium, chromiumArgs } from './chromium.mjs';
import { startApiServer } from './api-server.mjs';
import { buildAll, demoOut } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'bench');
const resultsDir = join(benchDir, 'results');
const only = process.argv[2];

if (!existsSync(join(demoOut, 'index.html'))) buildAll();
const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
if (files.length === 0) {
  console.log('No benchmarks found in bench/.');
  process.exit(0);
}

const executablePath = ensureChromium();
const api = await startApiServer({ quiet: true, staticDir: demoOut });
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
mkdirSync(resultsDir, { recursive: true });
let failed = false;
try {
  for (const file of files) {
    const { default: run } = await import(pathToFileURL(join(benchDir, file)).href);
    try {
      const result = await run({ browser, baseURL: api.url, serverPid: api.pid });
      const rows = result.rows.map((r) => ({ ...r, ratio: r.baseline ? +(r.value / r.baseline).toFixed(3) : null }));
      const record = {
        name: result.name,
        description: result.description,
        date: new Date().toISOString(),
        machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
        rows,
      };
      writeFileSync(join(resultsDir, `${result.name}.json`), JSON.stringify(record, null, 2) + '\n');
      console.log(`\n${result.name}: ${result.description}`);
      for (const r of rows)
        console.log(`  ${r.metric}: ${r.value} ${r.unit} vs baseline ${r.baseline} ${r.unit} → ratio ${r.ratio}`);
    } catch (error) {
      failed = true;
      console.error(`${file} failed:`, error);
    }
  }
} finally {
  await browser.close();
  await api.stop();
}
process.exit(failed ? 1 : 0);
