// Chromium), server tests, and Playwright end-to-end tests of the built demo host. Ends with one line
// "N passed, N failed" summing every step.
import { spawn } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const chromium = ensureChromium();
process.env.CHROMIUM_PATH = chromium;

/** Each step: a command, and how to read its counts from what it printed (else pass/fail by exit code = 1 test). */
const steps = [
  { name: 'build', cmd: 'node scripts/build.mjs' },
  // The root project holds the packages' sources, the demo and the browser tests; the server's holds its tests.
  { name: 'type-check', cmd: 'npx tsc -p tsconfig.json --noEmit && npx tsc -p packages/server/tsconfig.json --noEmit' },
  { name: 'lint', cmd: 'npx eslint . --max-warnings 0' },
  { name: 'format', cmd: 'npx prettier --check . --log-level warn' },
  { name: 'server tests', cmd: 'node --import tsx --test packages/server/test/*.test.ts', counts: nodeTestCounts },
  { name: 'build script tests', cmd: 'node --test scripts/*.test.mjs', counts: nodeTestCounts },
  { name: 'unit and component tests', cmd: 'npx wtr --config web-test-runner.config.mjs', counts: lineCounts('wtr') },
  { name: 'end-to-end tests', cmd: 'npx playwright test', counts: lineCounts('e2e') },
  // The size budgets met so far (scripts/budgets.mjs): the built host and drop-in files in Chromium.
  { name: 'size budgets', cmd: 'node scripts/budgets.mjs' },
  {
    name: 'install elsewhere',
    cmd: 'node --test install-test/install-elsewhere.test.mjs',
    counts: nodeTestCounts,
  },
];

function lineCounts(word) {
  const re = new RegExp(`^${word}: (\\d+) passed, (\\d+) failed`, 'm');
  return (out) => {
    const m = re.exec(out);
    return m ? { passed: Number(m[1]), failed: Number(m[2]) } : undefined;
  };
}

/** The names of failed tests a step printed, so the summary can repeat them at the end of the log. */
function failedNames(out) {
  const names = [];
  for (const line of out.split('\n')) {
    const runner = /^(wtr|e2e) failed: (.*)$/.exec(line);
    if (runner) names.push(runner[2]);
    // node:test (TAP): a failed test inside a file; files themselves are reported as "not ok N - /path".
    const tap = /^\s+not ok \d+ - (.*)$/.exec(line);
    if (tap) names.push(tap[1]);
  }
  return names;
}

function nodeTestCounts(out) {
  const pass = /^# pass (\d+)/m.exec(out);
  const fail = /^# fail (\d+)/m.exec(out);
  return pass && fail ? { passed: Number(pass[1]), failed: Number(fail[1]) } : undefined;
}

function run(cmd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      out += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

let passed = 0;
let failed = 0;
const summary = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd}`);
  const { code, out } = await run(step.cmd);
  let counts = step.counts?.(out);
  if (!counts) counts = code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  // A runner that exits non-zero with no failure counted still failed (e.g. a file that did not load).
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  summary.push(`${step.name}: ${counts.passed} passed, ${counts.failed} failed`);
  if (counts.failed > 0) for (const name of failedNames(out)) summary.push(`    failed: ${name}`);
}
console.log('\n=== summary');
for (const line of summary) console.log(`  ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
