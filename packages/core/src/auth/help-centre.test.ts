// Handover tokens: the help centre opens with a fresh handover token (the stored one is short-lived and
// single-use), asked of the real reference server as the window opens.
import { expect } from '@open-wc/testing';
import { createClient } from '../http/client.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { loginAs, resetServer } from '../test-support/server.ts';
import { openHelpCentre } from './help-centre.ts';

/** The real window, with the windows it opens recorded (everything else goes straight through). */
function recordingWindow(): { view: Window; opened: Window[] } {
  const opened: Window[] = [];
  const view = new Proxy(window, {
    get(target, key) {
      if (key === 'open') {
        return (...args: Parameters<Window['open']>) => {
          const popup = target.open(...args);
          if (popup) opened.push(popup);
          return popup;
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { view, opened };
}

async function until<T>(read: () => T | null, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = read();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out: ${what}`);
}

const relogin = async (accessToken: string) =>
  (
    await (
      await fetch('/api/uaa/oauth/relogin', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessToken }),
      })
    ).json()
  ).status as number;

describe('openHelpCentre', () => {
  let store: SessionStore;
  const popups: Window[] = [];

  beforeEach(async () => {
    await resetServer();
    localStorage.clear();
    store = createSessionStore();
  });

  afterEach(() => {
    for (const popup of popups.splice(0)) popup.close();
    store.dispose();
    localStorage.clear();
  });

  it('opens a new window without an opener and sends it there with a fresh handover token', async () => {
    const data = await loginAs('teacher1');
    store.login(data);
    const stored = store.getSnapshot().user!.accessToken;
    const { view, opened } = recordingWindow();
    const client = createClient({ session: store });
    const done = openHelpCentre({
      url: '/help-centre-test/',
      redUrl: '/back',
      unitId: '330108001',
      key: 'k1',
      device: 'pc',
      client,
      session: store,
      view,
    });
    expect(done).to.equal(true);
    expect(opened).to.have.length(1);
    popups.push(...opened);
    const popup = opened[0]!;
    expect(popup.opener).to.equal(null);
    const href = await until(() => {
      try {
        return popup.location.href.includes('accessToken=') ? popup.location.href : null;
      } catch {
        return null;
      }
    }, 'the help centre address');
    const url = new URL(href);
    expect(url.pathname).to.equal('/help-centre-test/');
    expect(url.searchParams.get('redUrl')).to.equal('/back');
    expect(url.searchParams.get('unitId')).to.equal('330108001');
    expect(url.searchParams.get('key')).to.equal('k1');
    const token = url.searchParams.get('accessToken')!;
    expect(token).to.match(/^[0-9a-f]{64}$/);
    expect(token).not.to.equal(stored, 'a fresh token, asked for as the window opened');
    expect(store.getSnapshot().user!.accessToken).to.equal(stored, 'the fresh token is not stored');

    // A handover token: no bearer, one relogin.
    const asBearer = await fetch('/api/uaa/oauth/me', {
      credentials: 'omit',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await asBearer.json()) as { status: number }).status).to.equal(401);
    expect(await relogin(token)).to.equal(200);
    expect(await relogin(token)).to.equal(401);
    // The stored one is still good for its one use: the help centre did not spend it.
    expect(await relogin(stored)).to.equal(200);
  });

  it('does nothing for an address that is not safe, so the link stays as it is', () => {
    const { view, opened } = recordingWindow();
    const done = openHelpCentre({ url: 'javascript:alert(1)', redUrl: '', unitId: 'u', device: 'pc', view });
    expect(done).to.equal(false);
    expect(opened).to.have.length(0);
  });
});
