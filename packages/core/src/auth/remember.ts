/**
 * Remember password (spec part 1 §3 "Stored remember-password record"; DESIGN §6): the password is never kept
 * readable. Where the browser has the Credential Management API (`PasswordCredential`, secure context) and hands
 * the stored credential back, the browser's password manager keeps it; otherwise it is encrypted with AES-GCM under
 * a non-extractable key that lives in IndexedDB, so neither storage nor a copy of it reveals the password. The
 * localStorage record keeps the spec's keys: `rempass` (flag), `_` (user name), `__` (base64 of IV + ciphertext;
 * empty when the browser keeps the password).
 */
import { STORAGE_KEYS } from '../constants.ts';
import { readString, removeKey, writeString } from '../platform/storage.ts';
import type { SecretKeeper } from './remember-secret.ts';

export interface RememberedLogin {
  username: string;
  password: string;
}

/** The part of the Credential Management API this store uses; replaceable in tests. */
export interface CredentialBackend {
  store(login: RememberedLogin): Promise<boolean>;
  /** The saved credential without asking the user (`mediation: 'silent'`), or null. */
  get(): Promise<RememberedLogin | null>;
  preventSilentAccess(): Promise<void>;
}

export interface RememberOptions {
  /** Default: the browser's Credential Management API where it exists; null forces the encrypted store. */
  credentials?: CredentialBackend | null;
  /** Default: `globalThis.indexedDB`; null when there is none (then only the user name is remembered). */
  indexedDB?: IDBFactory | null;
  /** Name of the IndexedDB database holding the key. */
  databaseName?: string;
  /** Milliseconds to wait for the browser's credential store before giving up (it may wait on its own UI). */
  credentialTimeoutMs?: number;
}

export interface RememberStore {
  /** Where `load()` looks for the password: the browser's password manager, the encrypted record, or nowhere. */
  storedIn(): 'credential' | 'encrypted' | null;
  /** The `rempass` flag: the user ticked "remember password". */
  isRemembered(): boolean;
  /** The remembered user name (to fill the form), or null. */
  username(): string | null;
  /** Remembers the login; false when the password could not be kept (the user name still is). */
  save(login: RememberedLogin): Promise<boolean>;
  /** The remembered login, decrypted in memory only; null when there is none or it cannot be read. */
  load(): Promise<RememberedLogin | null>;
  /** Forgets the password but keeps the user name and flag (a remembered password that was refused). */
  forgetPassword(): Promise<void>;
  /** Forgets everything: flag, user name, secret and key. */
  forget(): Promise<void>;
}

/**
 * Whether the browser's Credential Management API may keep passwords here (`PasswordCredential`, a secure context):
 * known without loading the secret half.
 */
export function hasPasswordCredentials(): boolean {
  const scope = globalThis as { PasswordCredential?: unknown; isSecureContext?: boolean };
  return (
    typeof scope.PasswordCredential === 'function' && !!scope.isSecureContext && !!globalThis.navigator?.credentials
  );
}

export function createRememberStore(options: RememberOptions = {}): RememberStore {
  const hasCredentials = options.credentials === undefined ? hasPasswordCredentials() : options.credentials !== null;
  // The secret half loads on the first save, load or forget; a failed load is tried again next time.
  let keeper: Promise<SecretKeeper> | null = null;
  const secrets = () =>
    (keeper ??= import('./remember-secret.ts').then(
      ({ createSecretKeeper }) => createSecretKeeper(options),
      (error: unknown) => {
        keeper = null;
        throw error;
      },
    ));

  function writeRecord(username: string, secret: string): void {
    writeString('local', STORAGE_KEYS.rememberFlag, 'true');
    writeString('local', STORAGE_KEYS.rememberUser, username);
    writeString('local', STORAGE_KEYS.rememberSecret, secret);
  }

  const store: RememberStore = {
    storedIn() {
      if (!store.isRemembered()) return null;
      const secret = readString('local', STORAGE_KEYS.rememberSecret);
      if (secret) return 'encrypted';
      return secret === '' && readString('local', STORAGE_KEYS.rememberUser) && hasCredentials ? 'credential' : null;
    },
    isRemembered() {
      const flag = readString('local', STORAGE_KEYS.rememberFlag);
      return flag === 'true' || flag === '1';
    },
    username() {
      return store.isRemembered() ? readString('local', STORAGE_KEYS.rememberUser) || null : null;
    },
    async save(login) {
      const username = login.username.trim();
      if (!username || !login.password) return false;
      let keeper: SecretKeeper | null = null;
      try {
        keeper = await secrets();
        if (await keeper.storeInBrowser({ username, password: login.password })) {
          writeRecord(username, '');
          return true;
        }
        writeRecord(username, await keeper.encrypt({ username, password: login.password }));
        return true;
      } catch {
        // No IndexedDB, no crypto, or no code for either: the user name only, never the password in a readable form.
        writeRecord(username, '');
        await keeper?.credentials?.preventSilentAccess();
        return false;
      }
    },
    async load() {
      if (!store.isRemembered()) return null;
      const username = readString('local', STORAGE_KEYS.rememberUser) ?? '';
      const secret = readString('local', STORAGE_KEYS.rememberSecret) ?? '';
      if (!secret && !hasCredentials) return null;
      let keeper: SecretKeeper;
      try {
        keeper = await secrets();
      } catch {
        return null;
      }
      if (!secret) {
        const saved = keeper.credentials ? await keeper.credentials.get() : null;
        return saved && (!username || saved.username === username) ? saved : null;
      }
      try {
        const password = await keeper.decrypt(username, secret);
        return username && password ? { username, password } : null;
      } catch {
        // A lost key or a tampered record: what is stored can never be read again.
        removeKey('local', STORAGE_KEYS.rememberSecret);
        return null;
      }
    },
    async forgetPassword() {
      writeString('local', STORAGE_KEYS.rememberSecret, '');
      if (hasCredentials) await (await secrets().catch(() => null))?.credentials?.preventSilentAccess();
    },
    async forget() {
      removeKey('local', STORAGE_KEYS.rememberFlag);
      removeKey('local', STORAGE_KEYS.rememberUser);
      removeKey('local', STORAGE_KEYS.rememberSecret);
      const keeper = await secrets().catch(() => null);
      await keeper?.credentials?.preventSilentAccess();
      try {
        await keeper?.vault?.remove();
      } catch {
        /* nothing stored */
      }
    },
  };
  return store;
}
