/**
 * Single sign-on into other applications (spec part 1 §7): `POST /api/uaa/shiyue_webauth` answers the authorize
 * flow with the registered client's redirect address carrying a one-time code; the client's back end exchanges the
 * code at `POST /api/uaa/shiyue_webauth/token`; `GET /api/sso/select/login/url` gives an external app's login
 * address. The seeded client `demo-lms` has its callback page on this server, `/sso/demo-lms/callback`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SSO_CODE_TTL_MS } from '../config.ts';
import { field, fieldError } from '../auth/login.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { findUserById, isActive } from '../auth/session-user.ts';
import { createSsoRepository, type SsoClientRow } from '../auth/sso-clients.ts';
import { DEMO_LMS } from '../db/seed-data.ts';
import { envelopeResponse, fail, looseQuery, ok, type Envelope, type JsonSchema } from '../http/envelope.ts';
import { escapeHtml, htmlPage, sendHtml } from '../http/html.ts';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages.ts';
import { appendQuery, isAbsolute, localPath, parseAddress, portalHost } from '../http/urls.ts';
import type { Services } from '../services.ts';

const TAGS = ['sso'];

export interface SsoIdentity {
  clientId: string;
  scope: string;
  userId: string;
  loginName: string;
  realName: string;
  userType: number;
  unitId: string;
  unitName: string;
  unitEnName: string;
}

const ssoIdentitySchema: JsonSchema = {
  type: 'object',
  properties: {
    clientId: { type: 'string' },
    scope: { type: 'string' },
    userId: { type: 'string' },
    loginName: { type: 'string' },
    realName: { type: 'string' },
    userType: { type: 'integer' },
    unitId: { type: 'string' },
    unitName: { type: 'string' },
    unitEnName: { type: 'string' },
  },
  required: ['clientId', 'scope', 'userId', 'loginName', 'realName', 'userType', 'unitId'],
};

const redirectEntries = (client: SsoClientRow): string[] => {
  try {
    const list = JSON.parse(client.redirect_uris) as unknown;
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The registered entry an address matches: an entry `/path` is that path on the portal's own origin (any query
 * allowed); an absolute entry must match origin and path. `host` null (the back-channel exchange, which does not
 * know the browser's host) compares paths only. Null when nothing matches.
 */
function matchRedirect(entries: string[], value: string, host: string | null): string | null {
  const url = parseAddress(value, host ?? 'portal.invalid');
  if (!url) return null;
  const path = url.pathname.replace(/^\/+/, '/');
  for (const entry of entries) {
    if (entry.startsWith('/')) {
      if ((host === null || url.host === host) && path === entry) return entry;
    } else {
      const registered = parseAddress(entry, 'portal.invalid');
      if (registered && url.origin === registered.origin && path === registered.pathname) return entry;
    }
  }
  return null;
}

const splitScope = (scope: string): string[] => scope.split(/[\s,]+/).filter(Boolean);

/** The calls that act for the session user: authorizing an application, an external app's login address. */
const sessionCalls: FastifyPluginAsync<Services> = async (app, { ctx, grants, sessions }) => {
  const ssoClients = createSsoRepository(ctx);
  app.post<{
    Body: {
      response_type?: string;
      client_id?: string;
      redirect_uri?: string;
      state?: string;
      unitHost?: string;
      scope?: string;
    };
  }>(
    '/api/uaa/shiyue_webauth',
    {
      schema: {
        tags: TAGS,
        summary: 'Authorize a registered application for the session user: data is its redirect URL with a code',
        description:
          'data = `redirect_uri?code=…&state=…` (one-time code, 5 minutes). Without client_id: 400 ' +
          '`invalid_request`; unknown client: 400 `invalid_client`; redirect not registered for the client (or on ' +
          'another origin than registered): 400 `invalid_redirect_uri`; no session: 401.',
        body: {
          type: 'object',
          properties: {
            response_type: { type: 'string', description: 'code (the default)' },
            client_id: { type: 'string' },
            redirect_uri: { type: 'string', description: "Default: the client's first registered address" },
            state: { type: 'string', maxLength: 512 },
            unitHost: { type: 'string', description: 'Accepted, not needed' },
            scope: { type: 'string', description: 'Space-separated; default base' },
          },
        },
        response: envelopeResponse({ type: 'string', description: 'The redirect URL' }),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const clientId = field(body.client_id);
      if (!clientId) {
        return fail(400, 'invalid_request', MESSAGES.clientIdMissing, [
          fieldError(request, 'client_id', FIELD_MESSAGES.ssoClientIdRequired),
        ]);
      }
      const client = ssoClients.client(clientId);
      if (!client) return fail(400, 'invalid_client', MESSAGES.unknownSsoClient);
      if ((field(body.response_type) || 'code') !== 'code') {
        return fail(400, 'unsupported_response_type', MESSAGES.unsupportedResponseType);
      }

      const host = portalHost(request);
      const entries = redirectEntries(client);
      const given = field(body.redirect_uri);
      const entry = given ? matchRedirect(entries, given, host) : (entries[0] ?? null);
      if (!entry) return fail(400, 'invalid_redirect_uri', MESSAGES.redirectNotAllowed);
      const address = given || entry;
      const redirect = isAbsolute(address) ? parseAddress(address, host)!.href : localPath(address, host);
      if (!redirect) return fail(400, 'invalid_redirect_uri', MESSAGES.redirectNotAllowed);

      const scope = splitScope(field(body.scope) || 'base');
      const allowed = splitScope(client.scopes);
      if (!scope.every((name) => allowed.includes(name))) return fail(400, 'invalid_scope', MESSAGES.invalidScope);

      const auth = authOf(request);
      const issued = grants.issue('sso_code', SSO_CODE_TTL_MS, {
        userId: auth.user.id,
        familyId: sessions.familyOf(auth.sessionId),
        data: { clientId, redirectEntry: entry, scope: scope.join(' ') },
      });
      return ok(appendQuery(redirect, { code: issued.token, state: field(body.state) || undefined }));
    },
  );

  app.get<{ Querystring: { appCode: string } }>(
    '/api/sso/select/login/url',
    {
      schema: {
        tags: TAGS,
        summary: "An external app's login address",
        querystring: looseQuery({ appCode: { type: 'string', minLength: 1 } }, ['appCode']),
        response: envelopeResponse({ type: 'string' }),
      },
    },
    async (request) => {
      const loginUrl = ssoClients.externalAppLoginUrl(request.query.appCode);
      return loginUrl !== undefined ? ok(loginUrl) : fail(404, 'not_found', MESSAGES.externalAppNotFound);
    },
  );
};

const ssoPlugin: FastifyPluginAsync<Services> = async (app, services) => {
  const { ctx, grants, login } = services;
  const ssoClients = createSsoRepository(ctx);

  /** Spends an authorization code for the client; the code must have been issued to it for the same redirect. */
  function exchangeCode(clientId: string, code: string, redirectUri: string): Envelope<SsoIdentity> {
    const client = ssoClients.client(clientId);
    const grant = code ? grants.consume('sso_code', code) : null;
    if (!client || !grant || grant.data.clientId !== clientId) {
      return fail(400, 'invalid_grant', MESSAGES.invalidSocialCode);
    }
    if (redirectUri && matchRedirect(redirectEntries(client), redirectUri, null) !== grant.data.redirectEntry) {
      return fail(400, 'invalid_grant', MESSAGES.invalidSocialCode);
    }
    const user = grant.userId ? findUserById(ctx.db, grant.userId) : undefined;
    if (!user || !isActive(user)) return fail(400, 'invalid_grant', MESSAGES.accountDisabled);
    return ok({
      clientId,
      scope: grant.data.scope ?? 'base',
      userId: String(user.id),
      loginName: user.loginName,
      realName: user.realName,
      userType: user.type,
      unitId: String(user.unitId),
      unitName: user.unitName,
      unitEnName: user.unitEnName,
    });
  }

  app.post<{
    Body: { grant_type?: string; code?: string; client_id?: string; client_secret?: string; redirect_uri?: string };
  }>(
    '/api/uaa/shiyue_webauth/token',
    {
      config: { acceptsForm: true },
      schema: {
        tags: TAGS,
        summary: "Back channel of a registered application: exchange a one-time code for the user's identity",
        body: {
          type: 'object',
          properties: {
            grant_type: { type: 'string', description: 'authorization_code' },
            code: { type: 'string' },
            client_id: { type: 'string' },
            client_secret: { type: 'string' },
            redirect_uri: { type: 'string', description: 'If sent, must match the one the code was issued for' },
          },
        },
        response: envelopeResponse(ssoIdentitySchema),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      if (field(body.grant_type) !== 'authorization_code') {
        return fail(400, 'unsupported_grant_type', MESSAGES.unsupportedGrantType);
      }
      const clientId = field(body.client_id);
      const secret = field(body.client_secret);
      // Secrets are guessed like passwords: limited per client and per address before the scrypt is paid, so a
      // guesser can neither find one nor hold up the password logins that share the scrypt threads.
      const checked = await login.guarded(request, `sso:${clientId}`, secret, async () => {
        const client = clientId ? ssoClients.client(clientId) : undefined;
        // Costs one scrypt whether or not the client exists.
        const authenticated = await verifyPassword(secret, client?.secret_hash);
        return client && authenticated ? client : null;
      });
      if ('refusal' in checked) return checked.refusal;
      if (!('value' in checked)) return fail(400, 'invalid_client', MESSAGES.clientAuthFailed);
      return exchangeCode(clientId, field(body.code), field(body.redirect_uri));
    },
  );

  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
    DEMO_LMS.callbackPath,
    {
      schema: {
        tags: TAGS,
        summary: 'Callback page of the demo application demo-lms: shows the code and what its back end got for it',
        querystring: {
          type: 'object',
          properties: { code: { type: 'string' }, state: { type: 'string' }, error: { type: 'string' } },
        },
        response: { 200: { description: 'HTML page', type: 'string' } },
      },
    },
    async (request, reply) => {
      const code = field(request.query.code);
      const state = field(request.query.state);
      // What demo-lms's back end would do with its own secret: exchange the code once.
      const exchanged = code ? exchangeCode(DEMO_LMS.clientId, code, DEMO_LMS.callbackPath) : null;
      const who = exchanged?.data;
      const outcome = !code
        ? '<p class="error">没有收到授权码 · No code received</p>'
        : who
          ? `<p>已登录：<strong>${escapeHtml(who.realName)}</strong>（${escapeHtml(who.loginName)}）· ` +
            `${escapeHtml(who.unitName)}<br>Signed in as ${escapeHtml(who.loginName)} · ${escapeHtml(who.unitEnName)}</p>`
          : `<p class="error">${(exchanged?.message ?? '')
              .split('|||')
              .map((part) => escapeHtml(part))
              .join('<br>')}</p>`;
      return sendHtml(
        reply,
        200,
        htmlPage(
          `${DEMO_LMS.name} · ${DEMO_LMS.enName}`,
          `<h1>${escapeHtml(DEMO_LMS.name)} · ${escapeHtml(DEMO_LMS.enName)}</h1>` +
            `<p class="note">门户单点登录的回调页 · The portal's single sign-on callback</p>` +
            `<p>code <code data-field="code">${escapeHtml(code)}</code><br>` +
            `state <code data-field="state">${escapeHtml(state)}</code></p>${outcome}`,
        ),
      );
    },
  );

  await app.register(sessionScope(sessionCalls), services);
};

export default ssoPlugin;
