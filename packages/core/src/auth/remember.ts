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
  const scope = globalThis as { PasswordCredential?: PasswordCredentialConstructor; isSecureContext?: boolean };
  const container = globalThis.navigator?.credentials;
  const Password = scope.PasswordCredential;
  if (typeof Password !== 'function' || !scope.isSecureContext || !container) return null;
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

export function createRememberStore(options: RememberOptions = {}): RememberStore {
  const credentials =
    options.credentials === undefined ? browserCredentialBackend(options.credentialTimeoutMs) : options.credentials;
  const factory = options.indexedDB === undefined ? (globalThis.indexedDB ?? null) : options.indexedDB;
  const hasCrypto = typeof globalThis.crypto?.subtle?.encrypt === 'function';
  const vault = factory && hasCrypto ? createKeyVault(factory, options.databaseName ?? 'edu-portal-secrets') : null;
  const encoder = new TextEncoder();

  function writeRecord(username: string, secret: string): void {
    writeString('local', STORAGE_KEYS.rememberFlag, 'true');
    writeString('local', STORAGE_KEYS.rememberUser, username);
    writeString('local', STORAGE_KEYS.rememberSecret, secret);
  }

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

  const store: RememberStore = {
    storedIn() {
      if (!store.isRemembered()) return null;
      const secret = readString('local', STORAGE_KEYS.rememberSecret);
      if (secret) return 'encrypted';
      return secret === '' && readString('local', STORAGE_KEYS.rememberUser) && credentials ? 'credential' : null;
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
      if (await storeInBrowser({ username, password: login.password })) {
        writeRecord(username, '');
        return true;
      }
      try {
        writeRecord(username, await encrypt({ username, password: login.password }));
        return true;
      } catch {
        // No IndexedDB or no crypto: remember the user name only, never the password in a readable form.
        writeRecord(username, '');
        await credentials?.preventSilentAccess();
        return false;
      }
    },
    async load() {
      if (!store.isRemembered()) return null;
      const username = readString('local', STORAGE_KEYS.rememberUser) ?? '';
      const secret = readString('local', STORAGE_KEYS.rememberSecret) ?? '';
      if (!secret) {
        const saved = credentials ? await credentials.get() : null;
        return saved && (!username || saved.username === username) ? saved : null;
      }
      try {
        const password = await decrypt(username, secret);
        return username && password ? { username, password } : null;
      } catch {
        // A lost key or a tampered record: what is stored can never be read again.
        removeKey('local', STORAGE_KEYS.rememberSecret);
        return null;
      }
    },
    async forgetPassword() {
      writeString('local', STORAGE_KEYS.rememberSecret, '');
      await credentials?.preventSilentAccess();
    },
    async forget() {
      removeKey('local', STORAGE_KEYS.rememberFlag);
      removeKey('local', STORAGE_KEYS.rememberUser);
      removeKey('local', STORAGE_KEYS.rememberSecret);
      await credentials?.preventSilentAccess();
      try {
        await vault?.remove();
      } catch {
        /* nothing stored */
      }
    },
  };
  return store;
}
