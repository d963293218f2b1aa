/** The command line: the listening line, the banner, test hooks by environment, and a clean SIGTERM. */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { tempDataDir, PASSWORD } from './helpers.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const LISTENING = /^edu-portal reference server listening on (http:\/\/127\.0\.0\.1:(\d+)\/)$/;

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Everything printed so far. */
  output(): string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (output += chunk));
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const firstLine = output.split('\n')[0] ?? '';
      const match = LISTENING.exec(firstLine);
      if (match && output.includes('\n')) resolve({ child, url: match[1]!, output: () => output, exited });
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
}

async function stop(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

describe('src/main.ts', () => {
  it('prints the listening line first, then the demo accounts; SIGTERM exits 0', async () => {
    const parentDir = tempDataDir();
    const dataDir = join(parentDir, 'data');
    try {
      const started = await start({ DATA_DIR: dataDir });
      // Give the banner a moment to follow the first line.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const text = started.output();
      assert.match(text.split('\n')[0]!, LISTENING);
      for (const name of ['teacher1', 'parent1', 'area1', 'staff4', 'admin1', 'student1'])
        assert.match(text, new RegExp(`\\b${name}\\b`));
      assert.ok(text.includes(PASSWORD), 'the demo password is printed');
      assert.ok(existsSync(join(dataDir, 'portal.db')), 'DATA_DIR holds the database');
      const response = await fetch(new URL('/api/__test/stats', started.url));
      assert.equal(response.status, 404, 'no test hooks without EDU_TEST_HOOKS=1');
      assert.equal(await stop(started), 0);
    } finally {
      rmSync(parentDir, { recursive: true, force: true });
    }
  });

  it('is quiet with EDU_QUIET=1 and has test hooks with EDU_TEST_HOOKS=1', async () => {
    const dataDir = tempDataDir();
    try {
      const started = await start({ DATA_DIR: dataDir, EDU_QUIET: '1', EDU_TEST_HOOKS: '1' });
      const stats = await fetch(new URL('/api/__test/stats', started.url));
      assert.equal(stats.status, 200);
      assert.equal(started.output().trim().split('\n').length, 1, 'only the listening line');
      assert.equal(await stop(started), 0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
