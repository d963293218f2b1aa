// Starts the reference API server as a child process for tests and tools, and resolves with its URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `dataDir`: use this data directory and keep it on stop (default: a temp one, removed on stop). `kill()` ends the
 * process at once (SIGKILL, as a crash would) and keeps the data directory.
 * @param {{ env?: Record<string,string>, staticDir?: string, port?: number, quiet?: boolean, dataDir?: string }} [options]
 * @returns {Promise<{ url: string, stop: () => Promise<void>, kill: () => Promise<void> }>}
 */
export function startApiServer(options = {}) {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'edu-portal-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      DATA_DIR: dataDir,
      EDU_TEST_HOOKS: '1',
      EDU_QUIET: '1',
      ...(options.staticDir ? { STATIC_DIR: options.staticDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const end = (signal) =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
      child.once('exit', () => resolve(undefined));
      child.kill(signal);
    });
  const stop = () =>
    end('SIGTERM').finally(() => {
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    });
  const kill = () => end('SIGKILL');
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        child.stdout.off('data', onData);
        if (!options.quiet) child.stdout.pipe(process.stdout);
        resolve({ url: m[1].replace(/\/$/, ''), stop, kill, pid: child.pid });
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.stderr.pipe(process.stderr);
    child.once('exit', (code) => reject(new Error(`reference server exited (${code}) before listening:\n${out}`)));
    process.once('exit', () => child.kill('SIGTERM'));
  });
}
