/**
 * Command line of the reference server (`edu-portal-server` when installed from the package).
 * Flags win over the environment: --host, --port, --data-dir, --static-dir, --test-hooks, --help.
 *   HOST (127.0.0.1), PORT (8080; 0 = any free port), DATA_DIR (./.data), STATIC_DIR (a built host to serve),
 *   EDU_TEST_HOOKS=1 (test hooks), EDU_QUIET=1 (no demo-account banner), EDU_LOG=1 (fastify request log),
 *   EDU_UPLOAD_MAX_BYTES (largest upload, default 4 GiB), EDU_UPLOAD_CHUNK_MAX_AGE_MS (abandoned chunk sets are
 *   swept after this long, default 24 h), per-user upload quotas (refused with 'quota exceeded'):
 *   EDU_UPLOAD_USER_MAX_BYTES (bytes stored plus uploads in progress, default 20 GiB), EDU_UPLOAD_USER_MAX_FILES
 *   (file records, default 10000), EDU_UPLOAD_USER_MAX_PENDING (chunked uploads in progress at once, default 20).
 *   EDU_ALIYUN_ACCESS_KEY_ID, EDU_ALIYUN_ACCESS_KEY_SECRET, EDU_ALIYUN_NLS_APPKEY (all three: real speech tokens from
 *   Alibaba Cloud; otherwise the development gateway), EDU_ALIYUN_NLS_REGION (cn-shanghai), EDU_ALIYUN_NLS_META_URL,
 *   EDU_ALIYUN_NLS_GATEWAY_URL (README "Voice").
 *   Security (README "Security"): TRUST_PROXY (off; `true`, or the proxies' addresses, comma-separated: whose
 *   X-Forwarded-For/-Proto to believe), EDU_ALLOWED_ORIGINS (origins besides the portal's own that may send
 *   state-changing requests, comma-separated), EDU_FRAME_ANCESTORS (who may frame the pages besides the portal),
 *   EDU_SESSION_MAX_AGE_MS (absolute session lifetime, default 30 days), EDU_PORTAL_ORIGIN (the portal's public
 *   origin, the passkeys' relying party; default the origin each request was sent to).
 * The first line on stdout is always `edu-portal reference server listening on http://HOST:PORT/`;
 * scripts/api-server.mjs waits for it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD } from './config.ts';
import { DEMO_LMS, USER_TYPE_NAMES, USERS } from './db/seed-data.ts';
import { buildServer } from './index.ts';
import { aliyunConfigFromEnv } from './speech/aliyun.ts';

const USAGE = `Usage: edu-portal-server [--port 8080] [--host 127.0.0.1] [--data-dir ./.data] [--static-dir DIR] [--test-hooks]
Runs the edu-portal reference API server (fastify + SQLite) with its demo accounts, for developing against the kit.`;

/** The flags, each overriding its environment variable, so `npx edu-portal-server --port 0` needs no shell syntax. */
function applyFlags(env: NodeJS.ProcessEnv): boolean {
  const { values } = parseArgs({
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'static-dir': { type: 'string' },
      'test-hooks': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return false;
  if (values.host !== undefined) env.HOST = values.host;
  if (values.port !== undefined) env.PORT = values.port;
  if (values['data-dir'] !== undefined) env.DATA_DIR = values['data-dir'];
  if (values['static-dir'] !== undefined) env.STATIC_DIR = values['static-dir'];
  if (values['test-hooks']) env.EDU_TEST_HOOKS = '1';
  return true;
}

function banner(url: string): string {
  const rows = USERS.map(
    (user) =>
      `  ${user.loginName.padEnd(10)} type ${user.type} (${USER_TYPE_NAMES[user.type] ?? 'other'}) — ${user.note}`,
  );
  return [
    `Demo accounts (password ${DEMO_PASSWORD} for all):`,
    ...rows,
    `Social login (offline development provider): ${url}api/uaa/social/dev/authorize?provider=weixin&redirect_uri=/`,
    `Single sign-on demo app: client_id ${DEMO_LMS.clientId}, callback ${url.replace(/\/$/, '')}${DEMO_LMS.callbackPath}`,
    `OpenAPI document: ${url}api/docs/openapi.json`,
  ].join('\n');
}

function positiveInteger(name: string): number {
  const value = Number(process.env[name]);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** TRUST_PROXY: unset, '', 'false' or '0' off; 'true' or '1' every hop; otherwise the proxies' addresses. */
function trustProxyOf(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (!text || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

async function main(): Promise<void> {
  const env = process.env;
  if (!applyFlags(env)) {
    console.log(USAGE);
    return;
  }
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, not "${env.PORT}"`);

  const app = await buildServer({
    dataDir: resolve(env.DATA_DIR || '.data'),
    testHooks: env.EDU_TEST_HOOKS === '1',
    logger: env.EDU_LOG === '1',
    ...(env.STATIC_DIR ? { staticDir: resolve(env.STATIC_DIR) } : {}),
    aliyunSpeech: aliyunConfigFromEnv(env),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    security: { allowedOrigins: listOf(env.EDU_ALLOWED_ORIGINS), frameAncestors: listOf(env.EDU_FRAME_ANCESTORS) },
    ...(env.EDU_SESSION_MAX_AGE_MS ? { sessionMaxAgeMs: positiveInteger('EDU_SESSION_MAX_AGE_MS') } : {}),
    ...(env.EDU_PORTAL_ORIGIN ? { portalOrigin: env.EDU_PORTAL_ORIGIN } : {}),
    uploads: {
      ...(env.EDU_UPLOAD_MAX_BYTES ? { maxFileBytes: positiveInteger('EDU_UPLOAD_MAX_BYTES') } : {}),
      ...(env.EDU_UPLOAD_CHUNK_MAX_AGE_MS ? { chunkSetMaxAgeMs: positiveInteger('EDU_UPLOAD_CHUNK_MAX_AGE_MS') } : {}),
      ...(env.EDU_UPLOAD_USER_MAX_BYTES ? { userMaxBytes: positiveInteger('EDU_UPLOAD_USER_MAX_BYTES') } : {}),
      ...(env.EDU_UPLOAD_USER_MAX_FILES ? { userMaxFiles: positiveInteger('EDU_UPLOAD_USER_MAX_FILES') } : {}),
      ...(env.EDU_UPLOAD_USER_MAX_PENDING
        ? { userMaxPendingSets: positiveInteger('EDU_UPLOAD_USER_MAX_PENDING') }
        : {}),
    },
  });
  await app.listen({ host, port });

  const address = app.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}/`;
  console.log(`edu-portal reference server listening on ${url}`);
  if (env.EDU_QUIET !== '1') {
    console.log(banner(url));
    if (env.EDU_TEST_HOOKS === '1') console.log('Test hooks are ON under /api/__test/.');
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`error while closing on ${signal}:`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
