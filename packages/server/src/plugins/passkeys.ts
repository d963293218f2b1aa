/**
 * Passkey calls (`/api/uaa/passkey/*`), an extension beyond the spec (docs/decisions.md "Passkeys"): WebAuthn
 * registration, username-less sign-in with a discoverable credential, a passkey as the fresh credential that adding
 * a passkey or enrolling a face asks for, and the owner's list (named, last used), rename and remove. Verification is
 * `@simplewebauthn/server`'s, always with user verification required and the relying party of `relyingParty`.
 *
 * Refusals are business outcomes (HTTP 200, envelope status 400/401/403/429) like every login call; sign-in and
 * confirmation failures count against the guessing limits as wrong passwords do (`login.guarded`).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { freshCredentialRequired, freshCredentialsOf, freshUntilSchema } from '../auth/fresh-credential.ts';
import { fieldError } from '../auth/login.ts';
import {
  PASSKEY_CHALLENGE_COOKIE,
  PASSKEY_COOKIE_PATH,
  PASSKEY_MAX_PER_USER,
  PASSKEY_NAME_MAX,
  PASSKEY_TIMEOUT_MS,
  PasskeyChallenges,
  PasskeyStore,
  relyingParty,
  summary,
  type PasskeyRecord,
  type TakenChallenge,
} from '../auth/passkeys.ts';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { findUserById, sessionUserSchema } from '../auth/session-user.ts';
import type { ServerContext } from '../context.ts';
import { booleanSchema, envelopeResponse, fail, ok, type Envelope } from '../http/envelope.ts';
import type { LocalizedText } from '../http/messages.ts';
import type { Services } from '../services.ts';

const TAGS = ['passkey'];
const EXTENSION = 'Extension (passkeys, beyond the spec). ';

export const PASSKEY_MESSAGES = {
  expired: '通行密钥请求已过期，请重试|||The passkey request has expired, please try again',
  refused: '通行密钥验证失败，请重试|||The passkey could not be verified, please try again',
  unknown:
    '此通行密钥未在本平台登记或已被删除，请使用密码登录|||This passkey is not registered here or was removed; please sign in with your password',
  notYours: '此通行密钥不属于当前账号|||This passkey belongs to another account',
  notFound: '通行密钥不存在|||No such passkey',
  tooMany: `每个账号最多登记 ${PASSKEY_MAX_PER_USER} 个通行密钥|||An account may register at most ${PASSKEY_MAX_PER_USER} passkeys`,
} as const;

const NAME_REQUIRED: LocalizedText = {
  'zh-CN': '请输入通行密钥名称',
  'zh-HK': '請輸入通行密鑰名稱',
  en: 'Please enter a name for the passkey',
};
const NAME_TOO_LONG: LocalizedText = {
  'zh-CN': `名称最多 ${PASSKEY_NAME_MAX} 个字符`,
  'zh-HK': `名稱最多 ${PASSKEY_NAME_MAX} 個字元`,
  en: `The name may have at most ${PASSKEY_NAME_MAX} characters`,
};

const bilingual = (text: LocalizedText): string => `${text['zh-CN']}|||${text.en}`;

/** The options object handed to `navigator.credentials.create/get` (as JSON), as the library makes it. */
const optionsSchema = {
  type: 'object',
  additionalProperties: true,
  description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON (WebAuthn L3)',
};
const credentialBody = (extra: Record<string, unknown> = {}, required: string[] = ['response']) => ({
  type: 'object',
  properties: {
    response: {
      type: 'object',
      additionalProperties: true,
      description: 'The credential as JSON (`PublicKeyCredential.toJSON()`, @simplewebauthn/browser)',
    },
    ...extra,
  },
  required,
});
const passkeySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    createdAt: { type: 'integer', description: 'Epoch ms' },
    lastUsedAt: { type: ['integer', 'null'], description: 'Epoch ms of the last sign-in or confirmation' },
    deviceType: { type: 'string', enum: ['singleDevice', 'multiDevice'] },
    backedUp: { type: 'boolean' },
  },
  required: ['id', 'name', 'createdAt', 'lastUsedAt', 'deviceType', 'backedUp'],
};
const idBody = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' }, ...extra },
  required: ['id'],
});

export interface PasskeyPluginOptions extends Services {
  /** The portal's origin (`https://portal.example.edu`): the relying party. Null: the origin of each request. */
  portalOrigin: string | null;
}

const challengesByContext = new WeakMap<ServerContext, PasskeyChallenges>();
function challengesOf(ctx: ServerContext): PasskeyChallenges {
  let store = challengesByContext.get(ctx);
  if (!store) {
    store = new PasskeyChallenges(() => ctx.now());
    challengesByContext.set(ctx, store);
  }
  return store;
}

/** The refusal of a challenge that was never issued, already used, or expired. */
function challengeRefusal(taken: Exclude<TakenChallenge, { challenge: string }>): Envelope<never> {
  return 'expired' in taken
    ? fail(400, 'passkey_challenge_expired', PASSKEY_MESSAGES.expired)
    : fail(400, 'passkey_challenge_missing', PASSKEY_MESSAGES.expired);
}

/** A passkey name as typed: trimmed, required, at most `PASSKEY_NAME_MAX` characters. */
function readName(request: FastifyRequest, value: unknown): { name: string } | { refusal: Envelope<never> } {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name)
    return {
      refusal: fail(400, 'invalid_name', bilingual(NAME_REQUIRED), [fieldError(request, 'name', NAME_REQUIRED)]),
    };
  if ([...name].length > PASSKEY_NAME_MAX)
    return {
      refusal: fail(400, 'invalid_name', bilingual(NAME_TOO_LONG), [fieldError(request, 'name', NAME_TOO_LONG)]),
    };
  return { name };
}

const credentialIdOf = (response: unknown): string =>
  typeof (response as { id?: unknown } | undefined)?.id === 'string' ? (response as { id: string }).id : '';

/**
 * What the passkey calls share: the challenges, the stored passkeys, the fresh credentials, checking an assertion
 * and making the request options.
 */
function createPasskeyService({ ctx, login, portalOrigin }: PasskeyPluginOptions) {
  const challenges = challengesOf(ctx);
  const passkeys = new PasskeyStore(ctx);
  const fresh = freshCredentialsOf(ctx);

  /**
   * Checks an assertion against the stored credential it names: origin, RP id, challenge, user verification,
   * signature and counter (a counter that did not grow is a cloned authenticator: refused). The counter and the last
   * use are recorded on success. Throttled like a password: failures count per credential and per address.
   */
  async function checkAssertion(
    request: FastifyRequest,
    response: AuthenticationResponseJSON,
    expectedChallenge: string,
  ): Promise<{ record: PasskeyRecord } | { refusal: Envelope<never> }> {
    const credentialId = credentialIdOf(response);
    const { origin, rpID } = relyingParty(request, portalOrigin);
    let unknown = false;
    const checked = await login.guarded(request, `passkey:${credentialId}`, JSON.stringify(response), async () => {
      const record = credentialId ? passkeys.byCredentialId(credentialId) : null;
      if (!record) {
        unknown = true;
        return null;
      }
      // A discoverable credential names its user: it must be the credential's owner.
      const userHandle = response.response?.userHandle;
      if (userHandle && passkeys.userOfHandle(userHandle) !== record.userId) return null;
      try {
        const { verified, authenticationInfo } = await verifyAuthenticationResponse({
          response,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          credential: {
            id: record.credentialId,
            publicKey: record.publicKey as Uint8Array<ArrayBuffer>,
            counter: record.counter,
            transports: record.transports as AuthenticatorTransportFuture[],
          },
        });
        if (!verified) return null;
        passkeys.used(record.id, authenticationInfo.newCounter, ctx.now());
        return { ...record, counter: authenticationInfo.newCounter };
      } catch (error) {
        request.log.warn({ err: error }, 'passkey assertion refused');
        return null;
      }
    });
    if ('refusal' in checked) return checked;
    if ('wrong' in checked) {
      return {
        refusal: unknown
          ? fail(400, 'passkey_unknown', PASSKEY_MESSAGES.unknown)
          : fail(400, 'passkey_refused', PASSKEY_MESSAGES.refused),
      };
    }
    return { record: checked.value };
  }

  async function assertionOptions(request: FastifyRequest, allow: PasskeyRecord[] | null) {
    const { rpID } = relyingParty(request, portalOrigin);
    return generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      timeout: PASSKEY_TIMEOUT_MS,
      ...(allow
        ? {
            allowCredentials: allow.map((p) => ({
              id: p.credentialId,
              transports: p.transports as AuthenticatorTransportFuture[],
            })),
          }
        : {}),
    });
  }

  const setChallengeCookie = (reply: FastifyReply, handle: string) =>
    reply.setCookie(PASSKEY_CHALLENGE_COOKIE, handle, {
      httpOnly: true,
      sameSite: 'strict',
      secure: reply.request.protocol === 'https',
      path: PASSKEY_COOKIE_PATH,
      maxAge: Math.ceil(PASSKEY_TIMEOUT_MS / 1000) + 60,
    });

  return { challenges, passkeys, fresh, checkAssertion, assertionOptions, setChallengeCookie };
}

type PasskeyService = ReturnType<typeof createPasskeyService>;

/** The passkey sign-in: its options, and the sign-in itself. Public. */
function signInRoutes(app: FastifyInstance, service: PasskeyService, { ctx, login }: PasskeyPluginOptions): void {
  const { challenges, checkAssertion, assertionOptions, setChallengeCookie } = service;

  app.post(
    '/api/uaa/passkey/sign_in/options',
    {
      schema: {
        tags: TAGS,
        summary: 'Start a passkey sign-in: the request options (any discoverable credential of this site)',
        description:
          EXTENSION +
          'No user name: the authenticator offers the passkeys it holds for this site (also through the account ' +
          'field’s autofill, conditional mediation). The challenge is bound to this browser by the http-only ' +
          `cookie \`${PASSKEY_CHALLENGE_COOKIE}\` and lives 5 minutes; user verification is required.`,
        response: envelopeResponse(optionsSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const options = await assertionOptions(request, null);
      setChallengeCookie(reply, challenges.forSignIn(options.challenge));
      return ok(options);
    },
  );

  app.post<{ Body: { response: AuthenticationResponseJSON } }>(
    '/api/uaa/passkey/sign_in',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in with a passkey: answers the session user, like a password login',
        description:
          EXTENSION +
          'Refusals (status 400): `passkey_challenge_expired` / `passkey_challenge_missing` (no options asked by ' +
          'this browser, already used, or older than 5 minutes), `passkey_unknown` (no such credential here), ' +
          '`passkey_refused` (wrong origin or RP id, wrong challenge, no user verification, bad signature, or a ' +
          'signature counter that did not grow: a cloned authenticator), `invalid_grant` (account disabled). ' +
          'Failures count against the guessing limits like wrong passwords (429 when locked).',
        body: credentialBody(),
        response: envelopeResponse(sessionUserSchema),
      },
    },
    async (request, reply) => {
      const taken = challenges.takeForSignIn(request.cookies[PASSKEY_CHALLENGE_COOKIE]);
      reply.clearCookie(PASSKEY_CHALLENGE_COOKIE, { path: PASSKEY_COOKIE_PATH });
      if (!('challenge' in taken)) return challengeRefusal(taken);
      const checked = await checkAssertion(request, request.body.response, taken.challenge);
      if ('refusal' in checked) return checked.refusal;
      const user = findUserById(ctx.db, checked.record.userId);
      if (!user) return fail(400, 'passkey_unknown', PASSKEY_MESSAGES.unknown);
      return login.admit(reply, user);
    },
  );
}

/** The session user's passkeys listed, and a new one added (with a fresh credential). */
function registerRoutes(
  session: FastifyInstance,
  service: PasskeyService,
  { ctx, portalOrigin }: PasskeyPluginOptions,
): void {
  const { challenges, passkeys, fresh } = service;
  session.get(
    '/api/uaa/passkey/list',
    {
      schema: {
        tags: TAGS,
        summary: 'The session user’s passkeys (oldest first)',
        description: EXTENSION + 'Names, when each was added and last used; never a key.',
        response: envelopeResponse({ type: 'array', items: passkeySchema }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(passkeys.listOf(authOf(request).user.id).map(summary));
    },
  );

  session.post(
    '/api/uaa/passkey/register/options',
    {
      schema: {
        tags: TAGS,
        summary: 'Start adding a passkey to the session user: the creation options',
        description:
          EXTENSION +
          'Needs a fresh credential (the password confirmed, `POST /api/uaa/oauth/confirm_password`, or a ' +
          'passkey, `POST /api/uaa/passkey/confirm`, within 5 minutes): otherwise 403 ' +
          '`fresh_credential_required`. A discoverable credential with user verification; the user’s passkeys ' +
          'already registered are excluded. The challenge is bound to the session and lives 5 minutes.',
        response: envelopeResponse(optionsSchema),
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      if (!fresh.isFresh(sessionId)) return freshCredentialRequired();
      const existing = passkeys.listOf(user.id);
      if (existing.length >= PASSKEY_MAX_PER_USER) return fail(400, 'too_many_passkeys', PASSKEY_MESSAGES.tooMany);
      const { rpID } = relyingParty(request, portalOrigin);
      const options = await generateRegistrationOptions({
        rpName: 'edu-portal',
        rpID,
        userName: user.loginName,
        userDisplayName: user.realName || user.loginName,
        userID: Buffer.from(passkeys.handleOf(user.id), 'base64url') as Uint8Array<ArrayBuffer>,
        attestationType: 'none',
        timeout: PASSKEY_TIMEOUT_MS,
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransportFuture[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      challenges.forSession(sessionId, 'register', options.challenge);
      return ok(options);
    },
  );

  session.post<{ Body: { response: RegistrationResponseJSON; name?: string } }>(
    '/api/uaa/passkey/register',
    {
      schema: {
        tags: TAGS,
        summary: 'Finish adding a passkey: checks the attestation and stores the named credential',
        description:
          EXTENSION +
          'Still needs the fresh credential. Refusals (400): `invalid_name` (empty or longer than ' +
          `${PASSKEY_NAME_MAX} characters, field error on \`name\`), \`passkey_challenge_expired\` / ` +
          '`passkey_challenge_missing`, `passkey_refused` (wrong origin, RP id or challenge, no user ' +
          'verification, a credential registered already).',
        body: credentialBody({ name: { type: 'string', maxLength: 200 } }, ['response', 'name']),
        response: envelopeResponse(passkeySchema),
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      if (!fresh.isFresh(sessionId)) return freshCredentialRequired();
      const named = readName(request, request.body.name);
      if ('refusal' in named) return named.refusal;
      const taken = challenges.takeForSession(sessionId, 'register');
      if (!('challenge' in taken)) return challengeRefusal(taken);
      const { origin, rpID } = relyingParty(request, portalOrigin);
      try {
        const { verified, registrationInfo } = await verifyRegistrationResponse({
          response: request.body.response,
          expectedChallenge: taken.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        if (!verified || !registrationInfo) return fail(400, 'passkey_refused', PASSKEY_MESSAGES.refused);
        const { credential, credentialDeviceType, credentialBackedUp } = registrationInfo;
        if (passkeys.byCredentialId(credential.id)) return fail(400, 'passkey_refused', PASSKEY_MESSAGES.refused);
        const record = passkeys.add({
          userId: user.id,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
          name: named.name,
          createdAt: ctx.now(),
        });
        return ok(summary(record));
      } catch (error) {
        request.log.warn({ err: error }, 'passkey registration refused');
        return fail(400, 'passkey_refused', PASSKEY_MESSAGES.refused);
      }
    },
  );
}

/** The session user confirmed with a passkey instead of the password. */
function confirmRoutes(session: FastifyInstance, service: PasskeyService): void {
  const { challenges, passkeys, fresh, checkAssertion, assertionOptions } = service;
  session.post(
    '/api/uaa/passkey/confirm/options',
    {
      schema: {
        tags: TAGS,
        summary: 'Start confirming the session user with one of their passkeys (instead of the password)',
        description:
          EXTENSION + 'The request options name the user’s own passkeys; the challenge is bound to the session.',
        response: envelopeResponse(optionsSchema),
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      const own = passkeys.listOf(user.id);
      if (!own.length) return fail(400, 'passkey_unknown', PASSKEY_MESSAGES.unknown);
      const options = await assertionOptions(request, own);
      challenges.forSession(sessionId, 'confirm', options.challenge);
      return ok(options);
    },
  );

  session.post<{ Body: { response: AuthenticationResponseJSON } }>(
    '/api/uaa/passkey/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Confirm the session user with a passkey: the session counts as freshly authenticated for 5 minutes',
        description:
          EXTENSION +
          'Like `confirm_password`, for acts that need a fresh credential (adding a passkey, face collection). ' +
          'Refusals as for the passkey sign-in, and `passkey_not_yours` (403) for another account’s passkey.',
        body: credentialBody(),
        response: envelopeResponse(freshUntilSchema),
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      const taken = challenges.takeForSession(sessionId, 'confirm');
      if (!('challenge' in taken)) return challengeRefusal(taken);
      const checked = await checkAssertion(request, request.body.response, taken.challenge);
      if ('refusal' in checked) return checked.refusal;
      if (checked.record.userId !== user.id) return fail(403, 'passkey_not_yours', PASSKEY_MESSAGES.notYours);
      return ok({ freshUntil: fresh.mark(sessionId, 'passkey').until });
    },
  );
}

/** One of the session user's passkeys renamed or removed. */
function manageRoutes(session: FastifyInstance, { passkeys }: PasskeyService): void {
  session.post<{ Body: { id: string; name?: string } }>(
    '/api/uaa/passkey/rename',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename one of the session user’s passkeys',
        description: EXTENSION + 'Another user’s passkey, or none of that id: 404 `not_found`.',
        body: idBody({ name: { type: 'string', maxLength: 200 } }),
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) => {
      const named = readName(request, request.body.name);
      if ('refusal' in named) return named.refusal;
      return passkeys.rename(authOf(request).user.id, Number(request.body.id), named.name)
        ? ok(true)
        : fail(404, 'not_found', PASSKEY_MESSAGES.notFound);
    },
  );

  session.post<{ Body: { id: string } }>(
    '/api/uaa/passkey/remove',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove one of the session user’s passkeys: it signs nobody in any more',
        description: EXTENSION + 'Another user’s passkey, or none of that id: 404 `not_found`.',
        body: idBody(),
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) =>
      passkeys.remove(authOf(request).user.id, Number(request.body.id))
        ? ok(true)
        : fail(404, 'not_found', PASSKEY_MESSAGES.notFound),
  );
}

/** Test hook (EDU_TEST_HOOKS=1 only): every passkey and challenge forgotten. */
function passkeyTestHooks(app: FastifyInstance, { passkeys, challenges }: PasskeyService): void {
  app.post(
    '/api/__test/passkey/reset',
    {
      schema: {
        tags: ['test'],
        summary: 'Every passkey and user handle removed, every passkey challenge forgotten',
        response: envelopeResponse(booleanSchema),
      },
    },
    async () => {
      passkeys.removeAll();
      challenges.clear();
      return ok(true);
    },
  );
}

const passkeyPlugin: FastifyPluginAsync<PasskeyPluginOptions> = async (app, options) => {
  const service = createPasskeyService(options);
  signInRoutes(app, service, options);
  await app.register(
    sessionScope(async (session) => {
      registerRoutes(session, service, options);
      confirmRoutes(session, service);
      manageRoutes(session, service);
    }),
    options,
  );
  if (options.ctx.hooks) passkeyTestHooks(app, service);
};

export default passkeyPlugin;
