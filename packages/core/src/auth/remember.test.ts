/**
 * Remember password (DESIGN §6): the password round-trips, and no storage the page can read (localStorage,
 * sessionStorage, IndexedDB) ever holds it in plain, base64 or hex form.
 */
import { expect } from '@open-wc/testing';
import { createRememberStore, type CredentialBackend, type RememberedLogin } from './remember.ts';

const PASSWORD = 'Edu@2026-Secret密码';
const DB = 'edu-portal-secrets-test';

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** Every readable form of the password that a careless implementation might store. */
function forms(password: string): string[] {
  const bytes = utf8(password);
  const b64 = base64(bytes);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return [
    password,
    b64,
    b64.replace(/=+$/, ''),
    b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    btoa(unescape(encodeURIComponent(password))),
    hex,
    hex.toUpperCase(),
    encodeURIComponent(password),
    JSON.stringify(password).slice(1, -1),
  ];
}

function expectNoForm(haystack: string, password: string, where: string): void {
  for (const form of forms(password)) {
    expect(haystack.includes(form), `${where} holds the password as ${JSON.stringify(form)}`).to.equal(false);
  }
}

function dumpStorage(storage: Storage): string {
  const out: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)!;
    out.push(key, storage.getItem(key) ?? '');
  }
  return out.join('\n');
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Every record of every object store of every IndexedDB database of this origin, with the CryptoKeys found. */
async function dumpIndexedDb(): Promise<{ text: string; keys: CryptoKey[] }> {
  const parts: string[] = [];
  const keys: CryptoKey[] = [];
  const visit = (value: unknown): void => {
    if (value instanceof CryptoKey) {
      keys.push(value);
      parts.push(`CryptoKey(${value.type},${value.extractable})`);
    } else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
      const bytes = new Uint8Array(value instanceof ArrayBuffer ? value : value.buffer);
      parts.push(new TextDecoder().decode(bytes), base64(bytes));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        parts.push(k);
        visit(v);
      }
    } else {
      parts.push(String(value));
    }
  };
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    const db = await request(indexedDB.open(info.name));
    try {
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName);
        const [values, storeKeys] = await Promise.all([request(store.getAll()), request(store.getAllKeys())]);
        parts.push(storeName, ...storeKeys.map(String));
        values.forEach(visit);
      }
    } finally {
      db.close();
    }
  }
  return { text: parts.join('\n'), keys };
}

async function deleteDatabase(name: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/** A password manager in memory: `keeps` false acts like a browser whose user dismissed the save prompt. */
function fakeCredentials(keeps = true): CredentialBackend & { saved: RememberedLogin | null; prevented: number } {
  const fake = {
    saved: null as RememberedLogin | null,
    prevented: 0,
    silent: true,
    async store(login: RememberedLogin) {
      if (keeps) fake.saved = { ...login };
      fake.silent = true;
      return true;
    },
    async get() {
      return fake.silent ? fake.saved : null;
    },
    async preventSilentAccess() {
      fake.prevented++;
      fake.silent = false;
    },
  };
  return fake;
}

describe('remember password', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await deleteDatabase(DB);
  });

  afterEach(async () => {
    localStorage.clear();
    await deleteDatabase(DB);
  });

  it('encrypted store: round-trips, and no storage holds the password in plain, base64 or hex form', async () => {
    const remember = createRememberStore({ credentials: null, databaseName: DB });
    expect(await remember.save({ username: ' teacher1 ', password: PASSWORD })).to.equal(true);
    expect(remember.storedIn()).to.equal('encrypted');

    // The spec's record, under the spec's keys.
    expect(localStorage.getItem('rempass')).to.equal('true');
    expect(localStorage.getItem('_')).to.equal('teacher1');
    const secret = localStorage.getItem('__')!;
    expect(secret).to.match(/^[A-Za-z0-9+/]+={0,2}$/);

    // Nowhere readable: localStorage, sessionStorage, IndexedDB, nor inside the decoded ciphertext.
    expectNoForm(dumpStorage(localStorage), PASSWORD, 'localStorage');
    expectNoForm(dumpStorage(sessionStorage), PASSWORD, 'sessionStorage');
    const idb = await dumpIndexedDb();
    expectNoForm(idb.text, PASSWORD, 'IndexedDB');
    const decoded = Uint8Array.from(atob(secret), (c) => c.charCodeAt(0));
    expectNoForm(new TextDecoder('latin1').decode(decoded), PASSWORD, 'the decoded ciphertext');
    // 12-byte IV + ciphertext + 16-byte tag.
    expect(decoded.length).to.equal(12 + utf8(PASSWORD).length + 16);

    // The key is in IndexedDB and cannot be exported.
    expect(idb.keys).to.have.length(1);
    expect(idb.keys[0]!.extractable).to.equal(false);
    let exported = true;
    await crypto.subtle.exportKey('raw', idb.keys[0]!).catch(() => (exported = false));
    expect(exported).to.equal(false);

    // And it comes back, also in a fresh store (a new page).
    expect(await remember.load()).to.deep.equal({ username: 'teacher1', password: PASSWORD });
    const later = createRememberStore({ credentials: null, databaseName: DB });
    expect(later.username()).to.equal('teacher1');
    expect(await later.load()).to.deep.equal({ username: 'teacher1', password: PASSWORD });
  });

  it('each save uses a fresh IV: the same password never gives the same record', async () => {
    const remember = createRememberStore({ credentials: null, databaseName: DB });
    await remember.save({ username: 'teacher1', password: PASSWORD });
    const first = localStorage.getItem('__');
    await remember.save({ username: 'teacher1', password: PASSWORD });
    expect(localStorage.getItem('__')).not.to.equal(first);
    expect((await remember.load())?.password).to.equal(PASSWORD);
  });

  it('a record whose user name or ciphertext was changed does not decrypt', async () => {
    const remember = createRememberStore({ credentials: null, databaseName: DB });
    await remember.save({ username: 'teacher1', password: PASSWORD });
    localStorage.setItem('_', 'admin1');
    expect(await remember.load()).to.equal(null);
    expect(localStorage.getItem('__')).to.equal(null);

    await remember.save({ username: 'teacher1', password: PASSWORD });
    const bytes = Uint8Array.from(atob(localStorage.getItem('__')!), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1]! ^= 1;
    localStorage.setItem('__', base64(bytes));
    expect(await remember.load()).to.equal(null);
  });

  it('forget removes the record and the key; forgetPassword keeps the user name', async () => {
    const remember = createRememberStore({ credentials: null, databaseName: DB });
    await remember.save({ username: 'teacher1', password: PASSWORD });
    await remember.forgetPassword();
    expect(remember.isRemembered()).to.equal(true);
    expect(remember.username()).to.equal('teacher1');
    expect(await remember.load()).to.equal(null);

    await remember.save({ username: 'teacher1', password: PASSWORD });
    await remember.forget();
    expect(['rempass', '_', '__'].map((k) => localStorage.getItem(k))).to.deep.equal([null, null, null]);
    expect(remember.username()).to.equal(null);
    expect(await remember.load()).to.equal(null);
    expect((await dumpIndexedDb()).keys).to.have.length(0);
  });

  it('without IndexedDB only the user name is remembered, never the password', async () => {
    const remember = createRememberStore({ credentials: null, indexedDB: null });
    expect(await remember.save({ username: 'teacher1', password: PASSWORD })).to.equal(false);
    expect(localStorage.getItem('_')).to.equal('teacher1');
    expect(localStorage.getItem('__')).to.equal('');
    expectNoForm(dumpStorage(localStorage), PASSWORD, 'localStorage');
    expect(await remember.load()).to.equal(null);
  });

  it('Credential Management: the browser keeps the password, the record holds none', async () => {
    const credentials = fakeCredentials(true);
    const remember = createRememberStore({ credentials, databaseName: DB });
    expect(await remember.save({ username: 'teacher1', password: PASSWORD })).to.equal(true);
    expect(remember.storedIn()).to.equal('credential');
    expect(localStorage.getItem('rempass')).to.equal('true');
    expect(localStorage.getItem('_')).to.equal('teacher1');
    expect(localStorage.getItem('__')).to.equal('');
    expectNoForm(dumpStorage(localStorage), PASSWORD, 'localStorage');
    expect((await dumpIndexedDb()).keys).to.have.length(0);
    expect(await remember.load()).to.deep.equal({ username: 'teacher1', password: PASSWORD });
    // Another user's credential is not handed out for this record.
    credentials.saved = { username: 'admin1', password: 'x' };
    expect(await remember.load()).to.equal(null);
    await remember.forget();
    expect(credentials.prevented).to.equal(1);
  });

  it('Credential Management that keeps nothing (prompt dismissed) falls back to the encrypted record', async () => {
    const remember = createRememberStore({ credentials: fakeCredentials(false), databaseName: DB });
    expect(await remember.save({ username: 'teacher1', password: PASSWORD })).to.equal(true);
    expect(remember.storedIn()).to.equal('encrypted');
    expect(await remember.load()).to.deep.equal({ username: 'teacher1', password: PASSWORD });
    expectNoForm(dumpStorage(localStorage), PASSWORD, 'localStorage');
  });

  it("this browser's own Credential Management round-trips (through whichever store works here)", async () => {
    const remember = createRememberStore({ databaseName: DB, credentialTimeoutMs: 2000 });
    expect(await remember.save({ username: 'teacher1', password: PASSWORD })).to.equal(true);
    expect(await remember.load()).to.deep.equal({ username: 'teacher1', password: PASSWORD });
    expectNoForm(dumpStorage(localStorage), PASSWORD, 'localStorage');
    expectNoForm(dumpStorage(sessionStorage), PASSWORD, 'sessionStorage');
    expectNoForm((await dumpIndexedDb()).text, PASSWORD, 'IndexedDB');
  });

  it('the forms checked really catch a careless store', () => {
    // Guards the guard: each form is found when stored that way.
    for (const form of forms(PASSWORD)) {
      expect(() => expectNoForm(`x${form}x`, PASSWORD, 'test')).to.throw();
    }
  });
});
