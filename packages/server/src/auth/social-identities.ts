/**
 * Social identities and the providers' app ids (docs/decisions.md "Social login (reference server)"): every query of
 * `social_identities` and of a provider's app id by provider, for the social login and bind calls.
 */
import type { ServerContext } from '../context.ts';

export interface IdentityRow {
  id: number;
  provider_id: string;
  openid: string;
  unionid: string;
  nickname: string;
  user_id: number | null;
  login_name: string | null;
  real_name: string | null;
}

const SELECT_IDENTITY = `
  SELECT i.id, i.provider_id, i.openid, i.unionid, i.nickname, i.user_id, u.login_name, u.real_name
  FROM social_identities i LEFT JOIN users u ON u.id = i.user_id`;

/** What binding an identity to a user did. */
export type BindOutcome = 'bound' | 'provider-already-bound' | 'identity-taken';

export function createSocialRepository(ctx: ServerContext) {
  const { db } = ctx;
  return {
    /** One identity with its bound user's names. */
    byId(id: number): IdentityRow | undefined {
      return db.prepare(`${SELECT_IDENTITY} WHERE i.id = ?`).get(id) as IdentityRow | undefined;
    },

    /** A provider's identities, in id order (the development provider's page lists them). */
    ofProvider(providerId: string): IdentityRow[] {
      return db.prepare(`${SELECT_IDENTITY} WHERE i.provider_id = ? ORDER BY i.id`).all(providerId) as IdentityRow[];
    },

    /** The identities of an openid, in id order. */
    ofOpenid(openid: string): IdentityRow[] {
      return db.prepare(`${SELECT_IDENTITY} WHERE i.openid = ? ORDER BY i.id`).all(openid) as IdentityRow[];
    },

    /** The app id a provider is known by (the first unit's), or undefined for an unknown provider. */
    providerAppId(providerId: string): string | undefined {
      const row = db
        .prepare('SELECT provider_app_id FROM social_providers WHERE provider_id = ? ORDER BY unit_id LIMIT 1')
        .get(providerId) as { provider_app_id: string } | undefined;
      return row?.provider_app_id;
    },

    /**
     * Binds an unbound identity to the user, in one transaction: refused when the user already has an identity of
     * that provider, or when someone bound this identity first.
     */
    bind(identity: IdentityRow, userId: number): BindOutcome {
      return db.transaction((): BindOutcome => {
        const taken = db
          .prepare('SELECT 1 FROM social_identities WHERE provider_id = ? AND user_id = ?')
          .get(identity.provider_id, userId);
        if (taken) return 'provider-already-bound';
        const bound = db
          .prepare('UPDATE social_identities SET user_id = ?, bound_at = ? WHERE id = ? AND user_id IS NULL')
          .run(userId, ctx.now(), identity.id);
        return bound.changes === 1 ? 'bound' : 'identity-taken';
      })();
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
