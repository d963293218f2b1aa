/**
 * The secret half of "remember password" (see `remember.ts`): the browser's password manager and the AES-GCM record
 * under a non-extractable key in IndexedDB. Loaded when a password is saved, read or forgotten, not when a login
 * form is only shown (size budgets).
 */
import {
  hasPasswordCredentials,
  type CredentialBackend,
  type RememberedLogin,
  type RememberOptions,
} from './remember.ts';

const KEY_STORE = 'keys';
const KEY_ID = 'remember-password';
const IV_BYTES = 12;

interface PasswordCredentialLike {
  readonly id: string;
  readonly type: string;
  readonly password?: string;
}
type PasswordCredentialConstructor = new (data: { id: string; password: string }) => Credential;

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

/** The browser's Credential Management API, or null where the browser lacks it or the page may not use it. */
export function browserCredentialBackend(timeoutMs = 3000): CredentialBackend | null {
  if (!hasPasswordCredentials()) return null;
  const container = globalThis.navigator.credentials;
  const Password = (globalThis as { PasswordCredential?: PasswordCredentialConstructor }).PasswordCredential!;
  return {
    store: ({ username, password }) =>
      withTimeout(
        container.store(new Password({ id: username, password })).then(() => true),
        timeoutMs,
        false,
      ),
    get: () =>
      withTimeout(
        container
          .get({ password: true, mediation: 'silent' } as CredentialRequestOptions)
          .then((found: Credential | null) => {
            const credential = found as PasswordCredentialLike | null;
            if (credential?.type !== 'password' || typeof credential.password !== 'string') return null;
            return { username: credential.id, password: credential.password };
          }),
        timeoutMs,
        null,
      ),
    preventSilentAccess: () => withTimeout(container.preventSilentAccess(), timeoutMs, undefined),
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The non-extractable AES-GCM key in IndexedDB. */
function createKeyVault(factory: IDBFactory, name: string) {
  async function open(): Promise<IDBDatabase> {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(KEY_STORE)) request.result.createObjectStore(KEY_STORE);
    };
    return requestResult(request);
  }

  async function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await open();
    try {
      return await requestResult(body(db.transaction(KEY_STORE, mode).objectStore(KEY_STORE)));
    } finally {
      db.close();
    }
  }

  async function read(): Promise<CryptoKey | null> {
    const value = await run('readonly', (store) => store.get(KEY_ID) as IDBRequest<unknown>);
    return value instanceof CryptoKey ? value : null;
  }

  return {
    read,
    /** The stored key, or a new one. `add` fails if another tab stored one first: then that one is used. */
    async obtain(): Promise<CryptoKey> {
      const existing = await read();
      if (existing) return existing;
      const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      try {
        await run('readwrite', (store) => store.add(fresh, KEY_ID));
        return fresh;
      } catch {
        const winner = await read();
        if (!winner) throw new Error('no key could be stored');
        return winner;
      }
    },
    async remove(): Promise<void> {
      await run('readwrite', (store) => store.delete(KEY_ID));
    },
  };
}

/** What a remember store does with secrets: its options' browser store and key vault, or the defaults. */
export function createSecretKeeper(options: RememberOptions = {}) {
  const credentials =
    options.credentials === undefined ? browserCredentialBackend(options.credentialTimeoutMs) : options.credentials;
  const factory = options.indexedDB === undefined ? (globalThis.indexedDB ?? null) : options.indexedDB;
  const hasCrypto = typeof globalThis.crypto?.subtle?.encrypt === 'function';
  const vault = factory && hasCrypto ? createKeyVault(factory, options.databaseName ?? 'edu-portal-secrets') : null;
  const encoder = new TextEncoder();

  async function encrypt({ username, password }: RememberedLogin): Promise<string> {
    if (!vault) throw new Error('no key store');
    const key = await vault.obtain();
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    // The user name is authenticated data: a record whose `_` was changed does not decrypt.
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(username) },
      key,
      encoder.encode(password),
    );
    const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
    bytes.set(iv);
    bytes.set(new Uint8Array(sealed), IV_BYTES);
    return toBase64(bytes);
  }

  async function decrypt(username: string, secret: string): Promise<string | null> {
    const bytes = fromBase64(secret);
    if (!vault || !bytes || bytes.length <= IV_BYTES) return null;
    const key = await vault.read();
    if (!key) return null;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: encoder.encode(username) },
      key,
      bytes.slice(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  }

  /**
   * Stores in the browser's password manager and reads it back: `store()` resolves even when the user dismisses
   * the browser's "save password?" prompt (and headless browsers keep nothing), so only a credential that comes
   * back unchanged counts. Anything else falls back to the encrypted record.
   */
  async function storeInBrowser(login: RememberedLogin): Promise<boolean> {
    if (!credentials || !(await credentials.store(login))) return false;
    const back = await credentials.get();
    return back?.username === login.username && back.password === login.password;
  }

  return { credentials, vault, encrypt, decrypt, storeInBrowser };
}

export type SecretKeeper = ReturnType<typeof createSecretKeeper>;
