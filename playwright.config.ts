// End-to-end tests of the built demo host and the legacy page, in Debian's Chromium, against the reference
// server serving both on one origin (test hooks on, a throw-away data directory).
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, chromiumArgs } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'edu-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['./scripts/playwright-counting-reporter.mjs']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx packages/server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/docs/openapi.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: process.env.EDU_DEMO_OUT ?? 'demo/dist',
      EDU_TEST_HOOKS: '1',
      EDU_QUIET: '1',
    },
  },
});
