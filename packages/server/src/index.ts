/**
 * The edu-portal reference API server (DESIGN §5): fastify, one plugin per service area, SQLite storage.
 * `buildServer` returns a ready instance; main.ts is the command line around it.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { GrantStore } from './auth/grants.ts';
import { createLoginService } from './auth/login.ts';
import { createRequireSession } from './auth/session-http.ts';
import { SessionStore } from './auth/sessions.ts';
import { createContext, type ServerContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { installErrorHandling, installJsonParser } from './http/errors.ts';
import {
  defaultSecurityOptions,
  inlineScriptHashesOfDir,
  installRequestOriginCheck,
  installSecurityHeaders,
  normaliseOrigin,
  type SecurityOptions,
} from './http/security.ts';
import basePlugin from './plugins/base.ts';
import demoDataPlugin from './plugins/demo-data.ts';
import appItemsPlugin from './plugins/app-items.ts';
import desktopPlugin from './plugins/desktop.ts';
import downloadsPlugin from './plugins/downloads.ts';
import exportPlugin from './plugins/export.ts';
import facePlugin from './plugins/face.ts';
import openapiPlugin, { swaggerOptions } from './plugins/openapi.ts';
import passkeyPlugin from './plugins/passkeys.ts';
import portalPlugin from './plugins/portal.ts';
import socialPlugin from './plugins/social.ts';
import speechPlugin from './plugins/speech.ts';
import ssoPlugin from './plugins/sso.ts';
import staticAssetsPlugin from './plugins/static-assets.ts';
import storagePlugin from './plugins/storage.ts';
import testHooksPlugin, { installTestHookInterceptor } from './plugins/test-hooks.ts';
import uaaPlugin from './plugins/uaa.ts';
import uploadTestHooksPlugin from './plugins/upload-test-hooks.ts';
import uploadsPlugin, { defaultUploadConfig, type UploadConfig } from './plugins/uploads.ts';
import viewportAppsPlugin from './plugins/viewport-apps.ts';
import voiceTestHooksPlugin from './plugins/voice-test-hooks.ts';
import versionPlugin from './plugins/version.ts';
import type { Services } from './services.ts';
import type { AliyunSpeechConfig } from './speech/aliyun.ts';
import { UploadStore } from './storage/upload-store.ts';
import { HookState } from './testing/hook-state.ts';

export interface BuildServerOptions {
  /** Directory of portal.db and stored files; created when missing. */
  dataDir: string;
  /** Turns on /api/__test/* (EDU_TEST_HOOKS=1). Never on in a default start. */
  testHooks?: boolean;
  /** Directory of the built demo host, served at `/`. */
  staticDir?: string;
  logger?: boolean;
  /** Clock in epoch milliseconds; defaults to Date.now. */
  now?: () => number;
  /** Upload size limit, age of abandoned chunk sets and sweep interval (defaults in config.ts). */
  uploads?: Partial<UploadConfig>;
  /** Alibaba Cloud speech credentials (main.ts reads them from the environment); absent: the development gateway. */
  aliyunSpeech?: AliyunSpeechConfig | null;
  /** Tests of the real token path: what CreateToken requests are sent with. */
  speechFetch?: typeof fetch;
  /**
   * Whose word to take for the client's address and protocol (X-Forwarded-For/-Proto): off by default, so a client
   * cannot pick its own address; `true` (trust every hop) or the proxies' addresses and ranges (TRUST_PROXY).
   */
  trustProxy?: boolean | string | string[];
  /** Allowed origins, frame ancestors, extra connect sources (README "Security"). */
  security?: Partial<SecurityOptions>;
  /** Absolute session lifetime in ms (default 30 days). */
  sessionMaxAgeMs?: number;
  /**
   * The portal's public origin (`https://portal.example.edu`, EDU_PORTAL_ORIGIN): the passkeys' relying party (its
   * host name is the RP id). Absent: the origin each request was sent to.
   */
  portalOrigin?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, clock and hooks of this server, for tests and tools. */
    portal: ServerContext;
  }
}

const HOUR_MS = 60 * 60 * 1000;

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const portalOrigin = options.portalOrigin ? normaliseOrigin(options.portalOrigin) : null;
  if (options.portalOrigin && !portalOrigin)
    throw new Error(`The portal origin must be scheme://host[:port], not "${options.portalOrigin}"`);
  const now = options.now ?? Date.now;
  const { db, storageDir } = openDatabase(options.dataDir, now());
  const hooks = options.testHooks ? new HookState() : null;
  const ctx = createContext({
    db,
    storageDir,
    now,
    hooks,
    ...(options.sessionMaxAgeMs ? { sessionMaxAgeMs: options.sessionMaxAgeMs } : {}),
  });
  const security: SecurityOptions = { ...defaultSecurityOptions(), ...options.security };
  if (options.aliyunSpeech)
    security.connectSources = [...security.connectSources, new URL(options.aliyunSpeech.gatewayUrl).origin];
  const sessions = new SessionStore(ctx);
  const grants = new GrantStore(ctx);
  const services: Services = {
    ctx,
    sessions,
    grants,
    login: createLoginService(ctx, sessions),
    requireSession: createRequireSession(ctx, sessions),
  };

  const app = Fastify({
    logger: options.logger ?? false,
    // Uploads of later issues post 2 MB chunks plus fields; JSON bodies stay far below this.
    bodyLimit: 8 * 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  app.decorate('portal', ctx);
  app.decorateRequest('auth', null);

  installJsonParser(app);
  await app.register(fastifyFormbody);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, swaggerOptions);
  // The development speech gateway's sockets: frames above this are refused by the library; the gateway's own limit
  // (one second of audio) answers TaskFailed well below it.
  await app.register(fastifyWebsocket, { options: { maxPayload: 256 * 1024 } });
  installErrorHandling(app, { staticDir: options.staticDir, logToStderr: !options.logger });
  installRequestOriginCheck(app, security);
  installSecurityHeaders(app, security, options.staticDir ? inlineScriptHashesOfDir(options.staticDir) : []);
  if (hooks) installTestHookInterceptor(app, hooks);

  await app.register(openapiPlugin);
  await app.register(uaaPlugin, services);
  await app.register(facePlugin, services);
  await app.register(passkeyPlugin, { ...services, portalOrigin });
  await app.register(socialPlugin, services);
  await app.register(ssoPlugin, services);
  await app.register(basePlugin, services);
  await app.register(desktopPlugin, services);
  await app.register(portalPlugin, services);
  await app.register(storagePlugin, services);
  const uploadOptions = {
    ...services,
    store: new UploadStore({ storageDir, now: ctx.now }),
    config: { ...defaultUploadConfig(), ...options.uploads },
  };
  await app.register(uploadsPlugin, uploadOptions);
  await app.register(versionPlugin, services);
  await app.register(speechPlugin, {
    ...services,
    aliyun: options.aliyunSpeech ?? null,
    ...(options.speechFetch ? { fetchImpl: options.speechFetch } : {}),
  });
  await app.register(demoDataPlugin, services);
  await app.register(appItemsPlugin, services);
  await app.register(exportPlugin, services);
  await app.register(viewportAppsPlugin);
  await app.register(downloadsPlugin);
  await app.register(staticAssetsPlugin, options.staticDir ? { staticDir: options.staticDir } : {});
  if (hooks) await app.register(testHooksPlugin, services);
  if (hooks) await app.register(uploadTestHooksPlugin, uploadOptions);
  if (hooks) await app.register(voiceTestHooksPlugin, services);

  const purge = () => {
    sessions.purgeExpired();
    grants.purgeExpired();
  };
  purge();
  const purgeTimer = setInterval(purge, HOUR_MS);
  purgeTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    db.close();
  });

  await app.ready();
  return app;
}
