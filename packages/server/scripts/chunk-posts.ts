/**
 * The server's per-request cost of a chunked upload, without a browser (upload speed): a file of random bytes sent as
 * 2 MiB multipart chunk POSTs, 3 in flight, to a reference server started as a child process, then merged; the
 * same bodies posted to a bare Node HTTP server that only drains them give the transport's floor. Every run sends
 * new content (the first bytes change), so no upload is deduplicated.
 *
 *   node --import tsx scripts/chunk-posts.ts [--mib 256] [--runs 3] [--main path/to/src/main.ts] [--cpu-prof DIR]
 *
 * `--main` times another checkout of the server (e.g. an older commit exported to /tmp). Prints, per run, the time
 * of the chunk POSTs, of the merge, and the server's CPU time (user + system, from /proc) over the chunks;
 * `--cpu-prof` writes the server's CPU profile into DIR when it stops (open it in Chrome's developer tools).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/config.ts';

const MiB = 1024 * 1024;
const EACH = 2 * MiB;
const IN_FLIGHT = 3;
const PASSWORD = DEMO_PASSWORD;
const CHUNK_PATH = '/zuul/api/storage/file_piecewise/upload';
const MERGE_PATH = '/api/storage/file_piecewise/merge_file';
const BOUNDARY = '----edu-chunk-posts';

const { values } = parseArgs({
  options: {
    mib: { type: 'string', default: '256' },
    runs: { type: 'string', default: '3' },
    main: { type: 'string', default: join(dirname(fileURLToPath(import.meta.url)), '../src/main.ts') },
    'cpu-prof': { type: 'string' },
  },
});
const size = Number(values.mib) * MiB;
const runs = Number(values.runs);

const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function post(url: string, headers: Record<string, string>, parts: Buffer[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(length) } });
    req.on('error', reject);
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => (text += piece));
      response.on('end', () => resolve(text));
      response.on('error', reject);
    });
    for (const part of parts) req.write(part);
    req.end();
  });
}

/** The multipart body of chunk `n` as core's client sends it (fields first, then the file part): head, bytes, tail. */
function chunkBody(bytes: Buffer, md5: string, n: number, chunks: number): Buffer[] {
  const piece = bytes.subarray((n - 1) * EACH, Math.min(n * EACH, bytes.length));
  const fields: Record<string, string> = {
    chunked: 'true',
    chunk: String(n),
    chunks: String(chunks),
    eachSize: String(EACH),
    md5,
    fileName: 'bench.bin',
    fullSize: String(bytes.length),
    uid: 'u-1',
    size: String(piece.length),
    serverid: 'base',
  };
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return [Buffer.from(head), piece, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)];
}

/** Sends every chunk, `IN_FLIGHT` at a time; throws on a refused one. */
async function sendChunks(url: string, cookie: string, bytes: Buffer, md5: string): Promise<void> {
  const chunks = Math.ceil(bytes.length / EACH);
  let next = 1;
  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie };
  const worker = async () => {
    while (next <= chunks) {
      const n = next++;
      const answer = await post(url + CHUNK_PATH, headers, chunkBody(bytes, md5, n, chunks));
      if (!answer.startsWith('{') || (JSON.parse(answer) as { status: number }).status !== 200) {
        throw new Error(`chunk ${n}: ${answer}`);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function startServer(main: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', main], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, EDU_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (piece: string) => {
      out += piece;
      const match = /listening on (http:\/\/\S+?)\/?\s/.exec(out);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/uaa/oauth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher1', password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const access = cookies.find((cookie) => cookie.startsWith('edu_at='));
  if (!access) throw new Error('teacher1 could not sign in');
  return access;
}

/** A bare HTTP server that drains each body and answers the envelope: what the transport alone costs. */
async function drainFloor(bytes: Buffer, md5: string): Promise<number> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{"status":200,"data":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const start = performance.now();
    await sendChunks(url, '', bytes, md5);
    return performance.now() - start;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const bytes = randomBytes(size);
const dataDir = mkdtempSync(join(tmpdir(), 'edu-chunk-posts-'));
const { url, child } = await startServer(values.main, dataDir);
try {
  const cookie = await signIn(url);
  const results: { chunks: number; merge: number; cpu: number; floor: number }[] = [];
  for (let run = 0; run < runs; run++) {
    randomBytes(32).copy(bytes, 0);
    const md5 = createHash('md5').update(bytes).digest('hex');
    const floor = await drainFloor(bytes, md5);
    const cpuBefore = cpuMs(child.pid!);
    const start = performance.now();
    await sendChunks(url, cookie, bytes, md5);
    const chunksMs = performance.now() - start;
    const cpu = cpuMs(child.pid!) - cpuBefore;
    const mergeStart = performance.now();
    const merged = await post(url + MERGE_PATH, { 'content-type': 'application/json', cookie }, [
      Buffer.from(
        JSON.stringify({ md5, name: 'bench.bin', size: bytes.length, chunks: Math.ceil(bytes.length / EACH) }),
      ),
    ]);
    const mergeMs = performance.now() - mergeStart;
    if ((JSON.parse(merged) as { status: number }).status !== 200) throw new Error(`merge: ${merged}`);
    results.push({ chunks: chunksMs, merge: mergeMs, cpu, floor });
    console.log(
      `run ${run + 1}: ${Math.ceil(size / EACH)} chunks ${(chunksMs / 1000).toFixed(2)} s ` +
        `(server CPU ${(cpu / 1000).toFixed(2)} s; drain-only floor ${(floor / 1000).toFixed(2)} s), ` +
        `merge ${(mergeMs / 1000).toFixed(3)} s`,
    );
  }
  const pick = (key: 'chunks' | 'merge' | 'cpu' | 'floor') => (median(results.map((r) => r[key])) / 1000).toFixed(3);
  console.log(
    `median of ${runs}: chunks ${pick('chunks')} s, server CPU ${pick('cpu')} s, floor ${pick('floor')} s, ` +
      `merge ${pick('merge')} s`,
  );
} finally {
  agent.destroy();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
