import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { client } from '@edu-portal/core/http/client.ts';
import { session } from '@edu-portal/core/session/store.ts';
import { loginWithPassword } from '@edu-portal/core/auth/api.ts';
import { SOCIAL_STATE_KEY } from '@edu-portal/core/auth/chain.ts';
import '../index.ts';
import { openLoginDialog, type EduLoginDialog, type EduLoginDialogCloseDetail } from './login-dialog.ts';
import type { EduDialog } from '../dialog/dialog.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { openOverlays } from '../internal/overlay-stack.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import {
  answerWith,
  center,
  describeNode,
  loginFormParts,
  nextFrame,
  postJson,
  switchLanguage,
  waitUntil,
} from '../internal/test-utils.ts';
import { sendMouse } from '@web/test-runner-commands';
import { DEMO_PASSWORD as PASSWORD } from '@edu-portal/core/test-support/server.ts';

/** The newest login dialog: a closed one stays in the page for its fade. */
function current(): EduLoginDialog {
  return [...document.querySelectorAll('edu-login-dialog')].at(-1)!;
}

function parts(el: EduLoginDialog) {
  const root = el.shadowRoot!;
  const inner = root.querySelector<EduDialog>('edu-dialog')!;
  return {
    inner,
    native: inner.shadowRoot!.querySelector('dialog')!,
    title: inner.shadowRoot!.querySelector('[part="title"]')!,
    close: inner.shadowRoot!.querySelector<HTMLButtonElement>('[part="close"]')!,
    ...loginFormParts(root),
    reason: root.querySelector<HTMLElement>('[part="reason"]'),
  };
}

function active(): string {
  return describeNode(deepActiveElement());
}

async function opened(): Promise<{ dialog: EduLoginDialog; answer: Promise<boolean> }> {
  const answer = openLoginDialog({ noSocial: true });
  const dialog = current();
  await dialog.updateComplete;
  await parts(dialog).inner.updateComplete;
  await nextFrame();
  return { dialog, answer };
}

describe('<edu-login-dialog>', () => {
  runOverlaySuite({
    fixture: () => fixture<EduLoginDialog>(html`<edu-login-dialog no-social></edu-login-dialog>`),
    topmost: true,
  });

  beforeEach(async () => {
    await postJson('/api/__test/reset');
    localStorage.clear();
    sessionStorage.clear();
    // No one signed in before: the dialog starts empty.
    session.forget();
  });

  afterEach(async () => {
    for (const el of document.querySelectorAll('edu-login-dialog')) {
      if (el.open) {
        const closed = oneEvent(el, 'edu-close');
        el.open = false;
        await closed;
      }
      el.remove();
    }
    fixtureCleanup();
    await postJson('/api/uaa/oauth/logout');
    await switchLanguage('zh-CN');
  });

  it('openLoginDialog on a first sign-in opens a modal titled 登录 without an expiry line, focus in the account field', async () => {
    const { dialog } = await opened();
    const p = parts(dialog);
    expect(p.native.open).to.equal(true);
    expect(p.native.matches(':modal')).to.equal(true);
    expect(p.title.textContent!.trim()).to.equal('登录');
    expect(p.reason).to.equal(null);
    expect(dialog.shadowRoot!.textContent).to.not.contain('过期');
    expect(active()).to.equal('input#username[part=input] in edu-login-dialog');
    expect(openOverlays().some((o) => o.element === p.inner)).to.equal(true);
    expect(p.remember).to.not.equal(null);
    expect(p.forgot.getAttribute('href')).to.equal('/#/forgetPassword');
    expect(p.username.autocomplete).to.equal('username webauthn');
    expect(dialog.shadowRoot!.querySelector('[part="passkey"]')!.textContent!.trim()).to.equal('使用通行密钥登录');
    expect(p.password.autocomplete).to.equal('current-password');
  });

  it('says that the session expired when someone was signed in, in each language; an explicit reason wins', async () => {
    const signedIn = await loginWithPassword('teacher1', PASSWORD);
    expect(signedIn.status).to.equal(200);
    for (const [lang, title, line] of [
      ['zh-CN', '登录', '登录已过期，请重新登录。'],
      ['en', 'Sign in', 'Your session has expired, please sign in again.'],
      ['zh-HK', '登入', '登入已過期，請重新登入。'],
    ] as const) {
      await switchLanguage(lang);
      const { dialog, answer } = await opened();
      const p = parts(dialog);
      expect(p.title.textContent!.trim()).to.equal(title);
      expect(p.reason!.textContent!.trim()).to.contain(line);
      dialog.open = false;
      expect(await answer).to.equal(false);
    }
    await switchLanguage('zh-CN');
    const answer = openLoginDialog({ noSocial: true, reason: '' });
    await current().updateComplete;
    expect(parts(current()).reason).to.equal(null);
    current().open = false;
    await answer;
  });

  it('shares one dialog between calls while it is open', async () => {
    const first = openLoginDialog({ noSocial: true });
    const second = openLoginDialog({ noSocial: true });
    expect(first).to.equal(second);
    expect(document.querySelectorAll('edu-login-dialog').length).to.equal(1);
  });

  it('closing it (close button) resolves false with action cancel', async () => {
    const { dialog, answer } = await opened();
    const closed = oneEvent(dialog, 'edu-close');
    await sendMouse({ type: 'click', position: center(parts(dialog).close) });
    const event = (await closed) as CustomEvent<EduLoginDialogCloseDetail>;
    expect(event.detail).to.deep.equal({ source: 'close-button', action: 'cancel' });
    expect(event.target).to.equal(dialog);
    expect(await answer).to.equal(false);
  });

  it('Escape closes it; a vetoed edu-request-close keeps it open', async () => {
    const { dialog, answer } = await opened();
    const veto = (e: Event) => e.preventDefault();
    dialog.addEventListener('edu-request-close', veto);
    await sendKeys({ press: 'Escape' });
    await dialog.updateComplete;
    expect(parts(dialog).native.open).to.equal(true);
    dialog.removeEventListener('edu-request-close', veto);
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal(false);
  });

  it('signs in: the button loads, then it closes with action login and the page stays (target null)', async () => {
    await postJson('/api/__test/config', { delayMs: 400 });
    const { dialog, answer } = await opened();
    const p = parts(dialog);
    await sendKeys({ type: 'teacher1' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: PASSWORD });
    const login = oneEvent(dialog, 'edu-login');
    const closed = oneEvent(dialog, 'edu-close');
    await sendKeys({ press: 'Enter' });
    await dialog.updateComplete;
    expect(p.submit.getAttribute('aria-busy')).to.equal('true');
    expect(p.submit.textContent!.trim()).to.equal('正在登录…');
    // Enter again while loading is ignored.
    await sendKeys({ press: 'Enter' });
    const event = await login;
    expect(event.detail.outcome.kind).to.equal('logged-in');
    if (event.detail.outcome.kind === 'logged-in') expect(event.detail.outcome.target).to.equal(null);
    expect(((await closed) as CustomEvent<EduLoginDialogCloseDetail>).detail.action).to.equal('login');
    expect(await answer).to.equal(true);
    const calls = ((await (await fetch('/api/__test/stats')).json()) as { data: { calls: Record<string, number> } })
      .data.calls;
    expect(calls['POST /api/uaa/oauth/login']).to.equal(1);
  });

  it('Enter moves focus to the empty field, else submits; an empty form shows the messages', async () => {
    const { dialog } = await opened();
    await sendKeys({ type: 'teacher1' });
    await sendKeys({ press: 'Enter' });
    expect(active()).to.equal('input#password[part=input] in edu-login-dialog');
    // Password focused and empty: Enter shows its message there.
    await sendKeys({ press: 'Enter' });
    await dialog.updateComplete;
    expect(parts(dialog).passwordError.textContent!.trim()).to.equal('密码不能为空！');
    expect(parts(dialog).password.getAttribute('aria-invalid')).to.equal('true');
    // Account emptied, password typed: Enter in the password goes back to the account.
    parts(dialog).username.select();
    parts(dialog).username.focus();
    await sendKeys({ press: 'Backspace' });
    parts(dialog).password.focus();
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Enter' });
    expect(active()).to.equal('input#username[part=input] in edu-login-dialog');
  });

  it('a refused login shows the message under the password and keeps the dialog open', async () => {
    const { dialog } = await opened();
    await sendKeys({ type: 'teacher1' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'nope-nope' });
    const failed = oneEvent(dialog, 'edu-login-failed');
    await sendKeys({ press: 'Enter' });
    await failed;
    await dialog.updateComplete;
    expect(parts(dialog).passwordError.textContent!.trim()).to.equal('用户名或密码错误');
    expect(parts(dialog).native.open).to.equal(true);
  });

  for (const [lang, texts] of [
    ['zh-CN', ['登录', '用户名不能为空！', '密码不能为空！']],
    ['en', ['Sign in', 'User name cannot be empty!', 'Password cannot be empty!']],
    ['zh-HK', ['登入', '用戶名不能為空！', '密碼不能為空！']],
  ] as const) {
    it(`shows its texts and validation in ${lang} and passes axe`, async () => {
      await switchLanguage(lang);
      const { dialog } = await opened();
      const p = parts(dialog);
      expect(p.title.textContent!.trim()).to.equal(texts[0]);
      // A first sign-in: the title says 登录 and nothing says that a session expired.
      expect(p.reason).to.equal(null);
      await expect(dialog).to.be.accessible();
      await dialog.submit();
      await dialog.updateComplete;
      expect(p.usernameError.textContent!.trim()).to.equal(texts[1]);
      expect(p.passwordError.textContent!.trim()).to.equal(texts[2]);
      await expect(dialog).to.be.accessible();
    });
  }

  it('rendered inline (modal="false") it uses layer 2500', async () => {
    const el = await fixture<EduLoginDialog>(html`<edu-login-dialog modal="false" no-social open></edu-login-dialog>`);
    await parts(el).inner.updateComplete;
    const { native } = parts(el);
    expect(native.open).to.equal(true);
    expect(native.matches(':modal')).to.equal(false);
    expect(getComputedStyle(native).zIndex).to.equal('2500');
  });

  it('offers third-party icons; one shows its QR code and link with the state this tab expects', async () => {
    const el = await fixture<EduLoginDialog>(html`<edu-login-dialog open></edu-login-dialog>`);
    await waitUntil(() => el.shadowRoot!.querySelectorAll('.icon').length > 0, 'the provider icons');
    const root = el.shadowRoot!;
    const icons = [...root.querySelectorAll<HTMLButtonElement>('.icon')];
    expect(icons.map((i) => i.getAttribute('aria-label'))).to.deep.equal(['微信', '企业微信', '钉钉']);
    expect(root.querySelector<HTMLElement>('#qr')!.hidden).to.equal(true);
    icons[0]!.click();
    await el.updateComplete;
    expect(icons[0]!.getAttribute('aria-pressed')).to.equal('true');
    expect(root.querySelector<HTMLElement>('#qr')!.hidden).to.equal(false);
    // The encoder loads on first use.
    await waitUntil(() => root.querySelector('svg[role="img"]') !== null, 'the QR code is drawn');
    expect(root.querySelector('svg[role="img"]')!.getAttribute('aria-label')).to.equal('登录二维码');
    const url = new URL(root.querySelector<HTMLAnchorElement>('[part="qr-link"]')!.href);
    expect(url.searchParams.get('provider')).to.equal('weixin');
    expect(sessionStorage.getItem(SOCIAL_STATE_KEY)).to.equal(url.searchParams.get('state'));
    await expect(el).to.be.accessible();
  });

  it('never binds a stored javascript: provider URL to the QR link (stored XSS: 0 script executions)', async () => {
    const payload = 'javascript:window.__xss=(window.__xss||0)+1//';
    const provider = {
      providerId: 'weixin',
      providerAppId: 'x',
      providerApplicationId: 'y',
      providerAppLoginUrl: payload,
    };
    const hostile = answerWith({
      '/api/uaa/social/info': {
        status: 200,
        code: '',
        message: '',
        data: {
          providers: [{ ...provider, logo: 'javascript:window.__xss=1//' }],
          qrLogin: { ...provider, logo: '', state: 'weixin.0123456789abcdef', loginUrl: payload },
        },
      },
    });
    const win = window as unknown as { __xss?: number };
    delete win.__xss;
    try {
      const el = await fixture<EduLoginDialog>(html`<edu-login-dialog open></edu-login-dialog>`);
      await waitUntil(() => el.shadowRoot!.querySelectorAll('.icon').length > 0, 'the provider icons');
      const root = el.shadowRoot!;
      expect(root.querySelector('.icon img')?.getAttribute('src') ?? null).to.equal(null);
      root.querySelector<HTMLButtonElement>('.icon')!.click();
      await el.updateComplete;
      const links = [...root.querySelectorAll<HTMLAnchorElement>('a[href]')];
      // A script link is clicked as a person would: whatever it runs counts in window.__xss.
      for (const link of links) if (!/^https?:$/.test(new URL(link.href).protocol)) link.click();
      await nextFrame();
      expect(win.__xss).to.equal(undefined);
      expect(links.map((link) => new URL(link.href).protocol).filter((p) => !/^https?:$/.test(p))).to.deep.equal([]);
      expect(root.querySelector('[part="qr-link"]')?.getAttribute('href') ?? null).to.equal(null);
    } finally {
      hostile.restore();
      delete win.__xss;
    }
  });

  it('as the client relogin handler: an expired session opens it, and the waiting request succeeds after signing in', async () => {
    await loginWithPassword('teacher1', PASSWORD);
    const previous = client.options.relogin;
    client.configure({ relogin: () => openLoginDialog({ noSocial: true }) });
    try {
      await postJson('/api/__test/expire');
      await postJson('/api/__test/config', {
        failPaths: [{ path: '/api/uaa/oauth/refresh', bodyStatus: 401, count: 1 }],
      });
      const request = client.get<{ method: string }>('/api/__test/echo');
      await waitUntil(() => !!current() && parts(current()).native?.open === true, 'the login dialog');
      const dialog = current();
      await dialog.updateComplete;
      expect(parts(dialog).reason!.textContent).to.contain('登录已过期');
      // The same person usually signs in again: the account is filled in.
      expect(parts(dialog).username.value).to.equal('teacher1');
      parts(dialog).password.focus();
      await sendKeys({ type: PASSWORD });
      await sendKeys({ press: 'Enter' });
      const envelope = await request;
      expect(envelope.status).to.equal(200);
      expect(envelope.data.method).to.equal('GET');
    } finally {
      client.configure({ relogin: previous });
    }
  });
});
