/**
 * `npm run audit:server`: the reference server under attack (README "Security").
 *
 * 1. Runs the attack suite (test/attack-*.test.ts: every attack of the security review, each against a real server
 *    over HTTP) and prints one row per attack: attempts, got through, data lost. All "got through" must be 0.
 * 2. Measures a password login's latency at rest and while guessers hammer the server (passwords on random names,
 *    client ids, SSO client secrets, oversized upload merges, face logins with junk photos) from other addresses,
 *    in the same run, and prints both p95s and their ratio (the goal: under attack ≤ 2× at rest). The server, the
 *    guessers and the one who signs in are three processes, as they would be three machines (the guessers at the
 *    lowest CPU priority, so that they load the server with requests rather than take its CPU).
 *
 *   node --import tsx packages/server/scripts/audit.ts [--logins 60]
 *   node --import tsx packages/server/scripts/audit.ts --attack URL     (the guessers alone, until killed)
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ATTACK_LINE, type AttackOutcome } from '../test/attack-report.ts';
import { startApiServer } from '../../../scripts/api-server.mjs';
import { Client, PASSWORD } from '../test/helpers.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { logins: { type: 'string', default: '60' }, attack: { type: 'string' } },
});
const LOGINS = Number(values.logins);

interface Row extends AttackOutcome {
  name: string;
}

function runAttackSuite(): Promise<{ rows: Row[]; passed: number; failed: number }> {
  const files = readdirSync(join(serverDir, 'test'))
    .filter((name) => /^attack-.*\.test\.ts$/.test(name))
    .map((name) => join('test', name));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', ...files], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', () => {
      const rows: Row[] = [];
      for (const line of out.split('\n')) {
        const at = line.indexOf(`${ATTACK_LINE} `);
        if (at >= 0) rows.push(JSON.parse(line.slice(at + ATTACK_LINE.length + 1)) as Row);
      }
      const count = (word: string) => Number(new RegExp(`^# ${word} (\\d+)`, 'm').exec(out)?.[1] ?? 0);
      resolve({ rows, passed: count('pass'), failed: count('fail') });
    });
  });
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function loginTimes(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { body } = await new Client(url, '127.0.0.9').call('POST', '/api/uaa/oauth/login', {
      json: { username: 'teacher1', password: PASSWORD },
    });
    times.push(performance.now() - started);
    if (body.status !== 200) throw new Error(`the owner's login failed under attack: ${JSON.stringify(body)}`);
  }
  return times;
}

/** Guessers that keep going until the process is stopped; prints how many requests they made every second. */
function hammer(url: string): Promise<number> {
  let requests = 0;
  setInterval(() => process.stdout.write(`${requests}\n`), 1000).unref();
  const loop = async (from: string, send: (client: Client, i: number) => Promise<unknown>) => {
    for (let i = 0; ; i++) {
      requests++;
      await send(new Client(url, from), i).catch(() => undefined);
    }
  };
  const student = new Client(url, '127.0.0.6');
  return Promise.all([
    loop('127.0.0.3', (c, i) =>
      c.call('POST', '/api/uaa/oauth/login', { json: { username: `x${i}`, password: `g${i}` } }),
    ),
    loop('127.0.0.3', (c, i) =>
      c.call('POST', '/api/uaa/oauth/login', { json: { username: 'teacher1', password: `g${i}` } }),
    ),
    loop('127.0.0.4', (c, i) =>
      c.call('POST', '/api/uaa/shiyue_webauth/token', {
        form: { grant_type: 'authorization_code', code: 'x', client_id: 'demo-lms', client_secret: `s${i}` },
      }),
    ),
    loop('127.0.0.5', (c, i) =>
      c.call('POST', '/api/uaa/oauth/login_user_client', { json: { userClientId: `c${i}` } }),
    ),
    student.call('POST', '/api/uaa/oauth/login', { json: { username: 'student1', password: PASSWORD } }).then(() =>
      loop('127.0.0.6', (_c, i) =>
        student.call('POST', '/api/storage/file_piecewise/merge_file', {
          json: { md5: i.toString(16).padStart(32, '0'), name: 'x', size: 1, chunks: 1_000_000_000 },
        }),
      ),
    ),
    loop('127.0.0.7', (c) =>
      c.call('POST', '/api/uaa/oauth/login/face', { json: { faceImage: Buffer.alloc(2048, 7).toString('base64') } }),
    ),
  ]).then(() => requests);
}

/** The guessers in a process of their own; answers a function that stops them and tells how many requests they made. */
function startGuessers(url: string): () => Promise<number> {
  // At the lowest priority: the guessers stand for other machines, whose CPU the server does not share; on one
  // machine they would otherwise take a core from the server and from the one who signs in.
  const child = spawn(
    'nice',
    ['-n', '19', process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), '--attack', url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let last = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const counts = chunk.trim().split('\n');
    last = Number(counts.at(-1)) || last;
  });
  return () =>
    new Promise((resolve) => {
      child.once('exit', () => resolve(last));
      child.kill('SIGTERM');
    });
}

async function main(): Promise<void> {
  if (values.attack) {
    await hammer(values.attack);
    return;
  }
  console.log('Attack suite (test/attack-*.test.ts) …');
  const suite = await runAttackSuite();
  const width = Math.max(20, ...suite.rows.map((row) => row.name.length));
  console.log(`\n${'attack'.padEnd(width)}  attempts  got through  data lost`);
  for (const row of suite.rows) {
    console.log(
      `${row.name.padEnd(width)}  ${String(row.attempts).padStart(8)}  ${String(row.gotThrough).padStart(11)}  ${String(row.dataLost).padStart(9)}`,
    );
  }
  const through = suite.rows.reduce((sum, row) => sum + row.gotThrough, 0);
  const lost = suite.rows.reduce((sum, row) => sum + row.dataLost, 0);
  console.log(
    `${suite.rows.length} attacks, ${through} got through, ${lost} data lost; tests ${suite.passed} passed, ${suite.failed} failed`,
  );

  console.log('\nPassword login latency, at rest and under attack (same run) …');
  const server = await startApiServer({ quiet: true });
  try {
    await loginTimes(server.url, 5); // warm-up: the scrypt pool, the statements
    const rest = await loginTimes(server.url, LOGINS);
    const stopGuessers = startGuessers(server.url);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const underAttack = await loginTimes(server.url, LOGINS);
    const requests = await stopGuessers();
    const p95Rest = percentile(rest, 95);
    const p95Attack = percentile(underAttack, 95);
    const ratio = p95Attack / p95Rest;
    console.log(
      `p95 at rest ${p95Rest.toFixed(1)} ms, under attack ${p95Attack.toFixed(1)} ms (${requests} attack requests): ` +
        `${ratio.toFixed(2)}× (goal ≤ 2×) — p50 ${percentile(rest, 50).toFixed(1)} / ${percentile(underAttack, 50).toFixed(1)} ms`,
    );
    process.exitCode = through === 0 && lost === 0 && suite.failed === 0 && ratio <= 2 ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
