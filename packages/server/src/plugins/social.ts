/**
 * Social (third-party) login of spec part 1 §7: the providers list, the QR and WeChat info calls, social login with
 * `state`, binding an unbound account, and the development provider that stands in for WeChat, WeChat Work and
 * DingTalk while there is no internet (docs/decisions.md "Login calls (reference server)").
 *
 *   provider login page (dev) → redirect_uri?code=…&state=… → POST /api/uaa/social/{state} {code}
 *     bound identity   → 200, session user, cookies
 *     unbound identity → 400 `unbound`, data {id, openid, unionid, …} → bind page → POST /api/uaa/social/bind
 */
import { randomBytes } from 'node:crypto';
import type { SocialProvider } from '@edu-portal/core';
import type { Database } from 'better-sqlite3';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SOCIAL_BIND_TTL_MS, SOCIAL_CODE_TTL_MS, SOCIAL_TOKEN_TTL_MS } from '../config.ts';
import { field, fieldError } from '../auth/login.ts';
import { socialProviderSchema, socialProvidersOf, unitForHost } from '../auth/login-config.ts';
import { findUserById, sessionUserSchema } from '../auth/session-user.ts';
import { createSocialRepository, type IdentityRow, type SocialRepository } from '../auth/social-identities.ts';
import { DEV_SOCIAL_AUTHORIZE_PATH, SOCIAL_PROVIDERS } from '../db/seed-data.ts';
import { envelopeResponse, fail, looseQuery, ok, type Envelope, type JsonSchema } from '../http/envelope.ts';
import { escapeHtml, htmlPage, sendHtml } from '../http/html.ts';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages.ts';
import { appendQuery, localPath, portalHost } from '../http/urls.ts';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services.ts';

const TAGS = ['uaa social'];

/** States travel in a path segment (POST /api/uaa/social/{state}), so they keep to URL-safe characters. */
const STATE_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;
/** The provider of the login dialog's QR container, in order of preference. */
const QR_PREFERENCE = ['weixin', 'work-weixin'];

/** A fresh OAuth state naming its provider, e.g. `weixin.5f0c…`; the client keeps it and compares on return. */
const freshState = (providerId: string): string => `${providerId}.${randomBytes(8).toString('hex')}`;

const loginInfoSchema: JsonSchema = {
  type: 'object',
  properties: {
    ...(socialProviderSchema.properties as Record<string, unknown>),
    state: { type: 'string', description: 'A fresh state for this login' },
    loginUrl: { type: 'string', description: 'providerAppLoginUrl with state and redirect_uri' },
  },
  required: ['providerId', 'providerAppId', 'state', 'loginUrl'],
};

const unboundSchema: JsonSchema = {
  type: 'object',
  description: 'Answered with status 400 and code `unbound`: what the bind page needs',
  properties: {
    id: { type: 'string', description: 'Bind request id (30 minutes), for POST /api/uaa/social/bind' },
    openid: { type: 'string' },
    unionid: { type: 'string' },
    providerId: { type: 'string' },
    unitId: { type: 'string', description: "The login page's unit ('' when none)" },
    unitType: { type: 'integer', description: "The login page's unit type (2 when none)" },
  },
  required: ['id', 'openid', 'unionid', 'providerId', 'unitId', 'unitType'],
};

const providerName = (providerId: string): string =>
  SOCIAL_PROVIDERS.find((provider) => provider.providerId === providerId)?.name ?? providerId;

/** Both halves of a bilingual message, for the HTML pages (which have no Sy-Language). */
const bilingual = (message: string): string =>
  message
    .split('|||')
    .map((part) => escapeHtml(part))
    .join('<br>');

/** The unit of the login page: `unitHost` when given, else the host the request came to. */
const unitOf = (db: Database, request: FastifyRequest, unitHost: string | undefined) =>
  unitForHost(db, field(unitHost) || request.hostname);

const providersOf = (db: Database, request: FastifyRequest, unitHost: string | undefined): SocialProvider[] => {
  const unit = unitOf(db, request, unitHost);
  return unit ? socialProvidersOf(db, unit.id) : [];
};

/** A provider's login info with a fresh state; `redirect` is a path on this origin. */
const loginInfo = (provider: SocialProvider, redirect: string) => {
  const state = freshState(provider.providerId);
  return {
    ...provider,
    state,
    loginUrl: appendQuery(provider.providerAppLoginUrl, { state, redirect_uri: redirect }),
  };
};

/** The page to come back to after the provider: a path of this origin (default `/`), or null when foreign. */
const returnPath = (request: FastifyRequest, redirectUri: string | undefined): string | null =>
  field(redirectUri) ? localPath(redirectUri, portalHost(request)) : '/';

const hostQuery = {
  unitHost: { type: 'string', description: 'Host of the login page; default: the request host' },
};
const redirectQuery = {
  redirect_uri: { type: 'string', description: 'Where the provider returns to (this origin only); default /' },
};

/** The providers of the login page's unit, and the login info of one (QR login, inside a provider's client). */
function providerCalls(app: FastifyInstance, { db }: ServerContext): void {
  app.get<{ Querystring: { unitHost?: string } }>(
    '/api/uaa/social/providers',
    {
      schema: {
        tags: TAGS,
        summary: "The social login providers of the login page's unit (the configured providers list)",
        querystring: looseQuery(hostQuery),
        response: envelopeResponse({ type: 'array', items: socialProviderSchema }),
      },
    },
    async (request) => ok(providersOf(db, request, request.query.unitHost)),
  );

  app.get<{ Querystring: { unitHost?: string; redirect_uri?: string } }>(
    '/api/uaa/social/info',
    {
      schema: {
        tags: TAGS,
        summary: 'What the login dialog shows: the providers and the QR login (provider, app id, login URL)',
        querystring: looseQuery({ ...hostQuery, ...redirectQuery }),
        response: envelopeResponse({
          type: 'object',
          properties: {
            providers: { type: 'array', items: socialProviderSchema },
            qrLogin: { anyOf: [loginInfoSchema, { type: 'null' }] },
          },
          required: ['providers', 'qrLogin'],
        }),
      },
    },
    async (request) => {
      const redirect = returnPath(request, request.query.redirect_uri);
      if (redirect === null) return fail(400, 'invalid_request', MESSAGES.foreignRedirect);
      const providers = providersOf(db, request, request.query.unitHost);
      const qr =
        QR_PREFERENCE.map((id) => providers.find((p) => p.providerId === id)).find((p) => p !== undefined) ??
        providers[0];
      return ok({ providers, qrLogin: qr ? loginInfo(qr, redirect) : null });
    },
  );

  // Inside WeChat Work (qy) or WeChat (mp, the official account) the client asks for the app id to sign in silently.
  for (const [kind, providerId] of [
    ['qy', 'work-weixin'],
    ['mp', 'weixin'],
  ] as const) {
    app.get<{ Querystring: { unitHost?: string; redirect_uri?: string } }>(
      `/api/uaa/social/${kind}_info`,
      {
        schema: {
          tags: TAGS,
          summary: `Social info of ${providerId} for a login inside its client: providerAppId and a login URL`,
          querystring: looseQuery({ ...hostQuery, ...redirectQuery }),
          response: envelopeResponse(loginInfoSchema),
        },
      },
      async (request) => {
        const redirect = returnPath(request, request.query.redirect_uri);
        if (redirect === null) return fail(400, 'invalid_request', MESSAGES.foreignRedirect);
        const provider = providersOf(db, request, request.query.unitHost).find((p) => p.providerId === providerId);
        return provider ? ok(loginInfo(provider, redirect)) : fail(404, 'not_found', MESSAGES.providerNotConfigured);
      },
    );
  }
}

// ---- The development provider: a stand-in for the provider's QR page, offline. ----

interface AuthorizeInput {
  provider?: string;
  state?: string;
  redirect_uri?: string;
  response_type?: string;
  identity?: string;
}

type CheckedAuthorize =
  | { problem: string }
  | { providerId: string; appId: string; redirect: string; state: string; responseType: 'code' | 'token' };

/** Checks what the provider page was given; answers the problem as bilingual text, or the clean values. */
function checkAuthorize(
  identities: SocialRepository,
  request: FastifyRequest,
  input: AuthorizeInput,
): CheckedAuthorize {
  const providerId = field(input.provider);
  const appId = identities.providerAppId(providerId);
  if (appId === undefined) return { problem: MESSAGES.unknownProvider };
  const redirect = localPath(field(input.redirect_uri), portalHost(request));
  if (!redirect) return { problem: MESSAGES.foreignRedirect };
  const state = field(input.state) || providerId;
  if (!STATE_PATTERN.test(state)) return { problem: MESSAGES.badState };
  const responseType = field(input.response_type) || 'code';
  if (responseType !== 'code' && responseType !== 'token') return { problem: MESSAGES.unsupportedResponseType };
  return { providerId, appId, redirect, state, responseType };
}

const problemPage = (reply: FastifyReply, message: string) =>
  sendHtml(
    reply,
    400,
    htmlPage(
      '登录失败 · Sign-in failed',
      `<h1 class="error">登录失败 · Sign-in failed</h1><p>${bilingual(message)}</p>`,
    ),
  );

const authorizeFields = {
  provider: { type: 'string', description: 'weixin, work-weixin or dingtalk' },
  state: { type: 'string', description: 'Returned unchanged; default: the provider id' },
  redirect_uri: { type: 'string', description: 'Where to return with code and state; this origin only' },
  response_type: { type: 'string', enum: ['code', 'token'], description: 'code (default, one-time) or token' },
};
const htmlResponse = {
  200: { description: 'HTML page', type: 'string' },
  400: { description: 'HTML page naming the problem', type: 'string' },
};

/** The development provider's page: the seeded accounts of a provider, each to "scan as". */
function devProviderPage(app: FastifyInstance, identities: SocialRepository): void {
  app.get<{ Querystring: AuthorizeInput }>(
    DEV_SOCIAL_AUTHORIZE_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Development provider: choose a seeded social account to "scan as" (HTML)',
        querystring: { type: 'object', properties: authorizeFields },
        response: htmlResponse,
      },
    },
    async (request, reply) => {
      const checked = checkAuthorize(identities, request, request.query);
      if ('problem' in checked) return problemPage(reply, checked.problem);
      const listed = identities.ofProvider(checked.providerId);
      const hidden = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      const items = listed
        .map((identity) => {
          const binding =
            identity.user_id === null
              ? '未绑定 · not bound'
              : `已绑定 ${identity.real_name ?? ''}（${identity.login_name ?? ''}）· bound to ${identity.login_name ?? ''}`;
          return (
            `<li><span><strong>${escapeHtml(identity.nickname)}</strong><br>` +
            `<small>openid <code>${escapeHtml(identity.openid)}</code> · ${escapeHtml(binding)}</small></span>` +
            `<form method="post" action="${DEV_SOCIAL_AUTHORIZE_PATH}" target="_top">` +
            hidden('provider', checked.providerId) +
            hidden('state', checked.state) +
            hidden('redirect_uri', checked.redirect) +
            hidden('response_type', checked.responseType) +
            hidden('identity', String(identity.id)) +
            `<button type="submit">以此身份扫码 · Scan as</button></form></li>`
          );
        })
        .join('');
      const name = providerName(checked.providerId);
      return sendHtml(
        reply,
        200,
        htmlPage(
          `${name} · 开发用登录 · development sign-in`,
          `<h1>${escapeHtml(name)} · 开发用登录 · Development sign-in</h1>` +
            `<p class="note">没有互联网时代替扫码：选择一个账号即视为用它扫码，然后返回 ` +
            `<code>${escapeHtml(checked.redirect)}</code>。未绑定的账号会进入绑定页面。<br>` +
            `Stands in for scanning the QR code while offline: choose an account to scan as, then you return to ` +
            `the address above. An account that is not bound goes to the bind page.</p>` +
            `<p class="note">appid <code>${escapeHtml(checked.appId)}</code> · state ` +
            `<code>${escapeHtml(checked.state)}</code></p><ul>${items}</ul>`,
        ),
      );
    },
  );
}

/** The development provider's "scan as": a code (or token) for the chosen identity, back to the portal. */
function devProviderScan(app: FastifyInstance, identities: SocialRepository, { grants }: Services): void {
  app.post<{ Body: AuthorizeInput }>(
    DEV_SOCIAL_AUTHORIZE_PATH,
    {
      config: { acceptsForm: true },
      schema: {
        tags: TAGS,
        summary: 'Development provider: "scan as" an account; 303 to redirect_uri with code (or token) and state',
        body: {
          type: 'object',
          properties: { ...authorizeFields, identity: { type: 'string', description: 'The chosen identity id' } },
        },
        response: { 303: { description: 'Redirect to redirect_uri', type: 'null' }, 400: htmlResponse[400] },
      },
    },
    async (request, reply) => {
      const checked = checkAuthorize(identities, request, request.body ?? {});
      if ('problem' in checked) return problemPage(reply, checked.problem);
      const identity = identities.byId(Number(field(request.body?.identity)) || 0);
      if (!identity || identity.provider_id !== checked.providerId) {
        return problemPage(reply, MESSAGES.invalidSocialCode);
      }
      const isToken = checked.responseType === 'token';
      const issued = grants.issue(
        isToken ? 'social_token' : 'social_code',
        isToken ? SOCIAL_TOKEN_TTL_MS : SOCIAL_CODE_TTL_MS,
        { identityId: identity.id, data: { state: checked.state } },
      );
      const target = appendQuery(checked.redirect, {
        [isToken ? 'token' : 'code']: issued.token,
        state: checked.state,
      });
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },
  );
}

/** Binding an unbound social account to a portal account. */
function bindCall(app: FastifyInstance, identities: SocialRepository, { grants, login }: Services): void {
  app.post<{
    Body: {
      username?: string;
      password?: string;
      openid?: string;
      unionid?: string;
      deviceId?: string;
      id?: string;
    };
  }>(
    '/api/uaa/social/bind',
    {
      schema: {
        tags: TAGS,
        summary: 'Bind an unbound social account to a portal account (checks the password) and log in',
        body: {
          type: 'object',
          properties: {
            username: { type: 'string' },
            password: { type: 'string' },
            openid: { type: 'string' },
            unionid: { type: 'string' },
            deviceId: { type: 'string', description: 'Accepted, not used' },
            id: { type: 'string', description: 'The bind request id of the unbound answer (recommended)' },
          },
        },
        response: envelopeResponse(sessionUserSchema),
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const openid = field(body.openid);
      if (!openid) {
        return fail(400, 'invalid_grant', MESSAGES.openidRequired, [
          fieldError(request, 'openid', FIELD_MESSAGES.openidRequired),
        ]);
      }
      const checked = await login.checkCredentials(request, body.username, body.password);
      if ('refusal' in checked) return checked.refusal;
      const { user } = checked;

      // Only an account that just tried to log in unbound may be bound: the bind request of that answer, named by
      // `id`, or else a live one for this openid. Knowing someone's openid is not enough.
      const bindId = field(body.id);
      const unionid = field(body.unionid);
      let identity: IdentityRow | undefined;
      if (bindId) {
        const pending = grants.peek('social_bind', bindId);
        identity = pending?.identityId ? identities.byId(pending.identityId) : undefined;
      } else {
        identity = identities
          .ofOpenid(openid)
          .filter((candidate) => !unionid || candidate.unionid === unionid)
          .find((candidate) => grants.hasLiveForIdentity('social_bind', candidate.id));
      }
      if (!identity || identity.openid !== openid || (unionid && identity.unionid !== unionid)) {
        return fail(400, 'invalid_grant', MESSAGES.bindExpired);
      }

      const target = identity;
      const outcome = identities.bind(target, user.id);
      if (outcome === 'provider-already-bound') return fail(400, 'invalid_grant', MESSAGES.providerAlreadyBound);
      if (outcome === 'identity-taken') return fail(400, 'invalid_grant', MESSAGES.identityTaken);
      grants.spendAllForIdentity('social_bind', target.id);
      return login.startSession(reply, user);
    },
  );
}

/** The social login: a provider's code or token for this state; an unbound account is sent to the bind page. */
function socialLoginCall(app: FastifyInstance, identities: SocialRepository, { ctx, grants, login }: Services): void {
  app.post<{
    Params: { state: string };
    Body: { code?: string; token?: string; deviceId?: string; unitHost?: string };
  }>(
    '/api/uaa/social/:state',
    {
      // A provider may return its code as a form post (OAuth's form_post response mode).
      config: { acceptsForm: true },
      schema: {
        tags: TAGS,
        summary: 'Log in with the code (one-time) or token a social provider returned with this state',
        description:
          'Bound account: status 200, the session user and cookies. Unbound account: status 400, code `unbound`, ' +
          'data {id, openid, unionid, providerId, unitId, unitType} for the bind page. A wrong, used or expired ' +
          'code, or one issued for another state: status 400 `invalid_grant`.',
        params: {
          type: 'object',
          properties: { state: { type: 'string', minLength: 1, maxLength: 128 } },
          required: ['state'],
        },
        body: {
          type: 'object',
          properties: {
            code: { type: 'string' },
            token: { type: 'string' },
            deviceId: { type: 'string', description: 'Accepted, not used' },
            unitHost: { type: 'string', description: 'Host of the login page; names the unit in an unbound answer' },
          },
        },
        response: envelopeResponse({ anyOf: [sessionUserSchema, unboundSchema] }),
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const code = field(body.code);
      const token = field(body.token);
      if (!code && !token) {
        return fail(400, 'invalid_grant', MESSAGES.socialCodeRequired, [
          fieldError(request, 'code', FIELD_MESSAGES.codeRequired),
        ]);
      }
      const grant = code ? grants.consume('social_code', code) : grants.peek('social_token', token);
      const identity =
        grant?.identityId && grant.data.state === request.params.state ? identities.byId(grant.identityId) : undefined;
      if (!identity) return fail(400, 'invalid_grant', MESSAGES.invalidSocialCode);

      if (identity.user_id === null) {
        const bind = grants.issue('social_bind', SOCIAL_BIND_TTL_MS, { identityId: identity.id });
        const unit = unitOf(ctx.db, request, body.unitHost);
        const answer: Envelope<Record<string, unknown>> = {
          ...fail(400, 'unbound', MESSAGES.socialUnbound),
          data: {
            id: bind.token,
            openid: identity.openid,
            unionid: identity.unionid,
            providerId: identity.provider_id,
            unitId: unit ? String(unit.id) : '',
            unitType: unit?.type ?? 2,
          },
        };
        return answer;
      }
      const user = findUserById(ctx.db, identity.user_id);
      return user ? login.admit(reply, user) : fail(400, 'invalid_grant', MESSAGES.invalidSocialCode);
    },
  );
}

const socialPlugin: FastifyPluginAsync<Services> = async (app, services) => {
  const identities = createSocialRepository(services.ctx);
  providerCalls(app, services.ctx);
  devProviderPage(app, identities);
  devProviderScan(app, identities, services);
  bindCall(app, identities, services);
  socialLoginCall(app, identities, services);
};

export default socialPlugin;
