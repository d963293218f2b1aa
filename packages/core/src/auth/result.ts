/**
 * Reading a login answer (spec part 1 §4 "Login result", §8 "Login status 400"): status 200 is a login; status
 * 400 with a code other than `invalid_grant` is an unbound social identity for the bind page; anything else is a
 * refusal whose message the form shows. Shared by the login chain and the login form.
 */
import { socialIdentity, type SocialIdentity } from './api.ts';
import { fromWireUser } from '../session/wire.ts';
import type { Envelope } from '../http/envelope.ts';
import { envelopeMessage } from '../http/envelope.ts';
import type { FieldError } from '../http/errors.ts';
import { pickBilingual } from '../i18n/bilingual.ts';
import type { Lang } from '../i18n/language.ts';
import type { SessionStore } from '../session/store.ts';
import type { SessionUser } from '../session/types.ts';
import type { LoginFields } from './validation.ts';

export type LoginAnswer =
  | { kind: 'ok'; user: SessionUser }
  | { kind: 'bind'; identity: SocialIdentity }
  | {
      kind: 'refused';
      status: number;
      code: string;
      /** The whole message in the language in force (field errors joined by commas). */
      message: string;
      /** Per form field, for the message under it; an unattributed message goes under the password. */
      errors: Partial<Record<keyof LoginFields, string>>;
    };

/** `invalid_grant` is a refused credential; any other 400 code carries a social identity to bind. */
export const INVALID_GRANT = 'invalid_grant';

function fieldMessages(fieldErrors: readonly FieldError[], lang: Lang): Partial<Record<keyof LoginFields, string>> {
  const out: Partial<Record<keyof LoginFields, string>> = {};
  for (const error of fieldErrors) {
    if (error.field !== 'username' && error.field !== 'password') continue;
    const text = pickBilingual(error.message, lang);
    out[error.field] = out[error.field] ? `${out[error.field]},${text}` : text;
  }
  return out;
}

/**
 * What a login envelope means. Call it after the login call stored a status-200 user (`acceptLogin`): the user is
 * read back from `session`. A 400 without `openid` or `unionid` has nothing to bind, so it counts as a refusal;
 * so does every 400 when `bindable` is false (the bind page's own form).
 */
export function readLoginAnswer(
  envelope: Envelope<unknown>,
  session: SessionStore,
  lang: Lang,
  { bindable = true }: { bindable?: boolean } = {},
): LoginAnswer {
  const user = session.getSnapshot().user;
  // The stored user must be the one this answer carries, not someone signed in before.
  if (envelope.status === 200 && user && fromWireUser(envelope.data)?.userId === user.userId)
    return { kind: 'ok', user };
  if (bindable && envelope.status === 400 && envelope.code !== INVALID_GRANT) {
    const identity = socialIdentity(envelope.data);
    if (identity.openid || identity.unionid) return { kind: 'bind', identity };
  }
  const message = envelopeMessage(envelope, lang);
  const errors = fieldMessages(envelope.fieldErrors, lang);
  if (!errors.username && !errors.password) errors.password = message;
  return { kind: 'refused', status: envelope.status, code: envelope.code, message, errors };
}
