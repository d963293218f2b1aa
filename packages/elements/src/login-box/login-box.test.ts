import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { type Lang } from '@edu-portal/core/i18n/language.ts';
import { createRememberStore } from '@edu-portal/core/auth/remember.ts';
import { SOCIAL_STATE_KEY } from '@edu-portal/core/auth/chain.ts';
import type { SocialProvider } from '@edu-portal/core/auth/api.ts';
import '../index.ts';
import type { EduLoginBox } from './login-box.ts';
import type { EduLoginEvent, EduLoginFailedEvent } from '../internal/login-form.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { describeNode, loginFormParts, postJson, switchLanguage, waitUntil } from '../internal/test-utils.ts';
import { DEMO_PASSWORD as PASSWORD } from '@edu-portal/core/test-support/server.ts';

const providers: SocialProvider[] = [
  {
    providerId: 'weixin',
    providerAppId: 'wx5e1f0c3a9b7d2468',
    providerApplicationId: 'edu-portal-web',
    providerAppLoginUrl: '/api/uaa/social/dev/authorize?provider=weixin',
    logo: '/api/storage/show/77',
  },
  {
    providerId: 'work-weixin',
    providerAppId: 'ww3c8d1e5f7a9b2c40',
    providerApplicationId: '1000002',
    providerAppLoginUrl: '/api/uaa/social/dev/authorize?provider=work-weixin',
    logo: '/api/storage/show/78',
  },
];

async function stats(): Promise<Record<string, number>> {
  const response = await fetch('/api/__test/stats');
  return ((await response.json()) as { data: { calls: Record<string, number> } }).data.calls;
}

function parts(el: EduLoginBox) {
  const root = el.shadowRoot!;
  return {
    ...loginFormParts(root),
    heading: root.querySelector<HTMLElement>('[part="heading"]')!,
    tabs: [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')],
  };
}

/** A box that never navigates (tests stay on their page) and keeps its remember record apart. */
async function box(template = html`<edu-login-box no-social></edu-login-box>`): Promise<EduLoginBox> {
  const el = await fixture<EduLoginBox>(template);
  el.addEventListener('edu-login', (e) => e.preventDefault());
  await el.updateComplete;
  return el;
}

async function type(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  await sendKeys({ type: text });
}

function active(): string {
  return describeNode(deepActiveElement());
}

describe('<edu-login-box>', () => {
  beforeEach(async () => {
    await postJson('/api/__test/reset');
    localStorage.clear();
    sessionStorage.clear();
  });

  afterEach(async () => {
    fixtureCleanup();
    await postJson('/api/uaa/oauth/logout');
    await switchLanguage('zh-CN');
  });

  describe('form', () => {
    it('has labelled account and password fields with autocomplete, remember, forgot and sign-in', async () => {
      const el = await box();
      const p = parts(el);
      expect(p.heading.textContent!.trim()).to.equal('账号登录');
      expect(p.username.labels![0]!.textContent!.trim()).to.equal('账号');
      expect(p.password.labels![0]!.textContent!.trim()).to.equal('密码');
      // `webauthn`: the account field's autofill offers this site's passkeys too.
      expect(p.username.autocomplete).to.equal('username webauthn');
      expect(p.password.autocomplete).to.equal('current-password');
      expect(p.password.type).to.equal('password');
      expect(p.remember).to.not.equal(null);
      expect(p.remember!.closest('label')!.textContent!.trim()).to.equal('记住密码');
      expect(p.forgot.getAttribute('href')).to.equal('/#/forgetPassword');
      expect(p.forgot.target).to.equal('_blank');
      expect(p.forgot.rel).to.contain('noopener');
      expect(p.submit.textContent!.trim()).to.equal('登录');
    });

    it('shows the password on request and hides it again', async () => {
      const el = await box();
      const toggle = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="password-toggle"]')!;
      expect(toggle.getAttribute('aria-pressed')).to.equal('false');
      toggle.click();
      await el.updateComplete;
      expect(parts(el).password.type).to.equal('text');
      expect(toggle.getAttribute('aria-pressed')).to.equal('true');
      toggle.click();
      await el.updateComplete;
      expect(parts(el).password.type).to.equal('password');
    });

    it('the forgot-password link fires a cancelable edu-forgot-password', async () => {
      const el = await box(html`<edu-login-box no-social forgot-url="/#/forgetPassword?from=test"></edu-login-box>`);
      const heard = oneEvent(el, 'edu-forgot-password');
      el.addEventListener('edu-forgot-password', (e) => e.preventDefault());
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
      parts(el).forgot.dispatchEvent(click);
      expect((await heard).detail.url).to.equal('/#/forgetPassword?from=test');
      expect(click.defaultPrevented).to.equal(true);
    });
  });

  describe('validation', () => {
    const texts: Record<Lang, [string, string]> = {
      'zh-CN': ['用户名不能为空！', '密码不能为空！'],
      en: ['User name cannot be empty!', 'Password cannot be empty!'],
      'zh-HK': ['用戶名不能為空！', '密碼不能為空！'],
    };

    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`shows both empty-field messages under the fields in ${lang}, and sends nothing`, async () => {
        await switchLanguage(lang);
        const el = await box();
        let submits = 0;
        el.addEventListener('edu-login-submit', () => submits++);
        const result = await el.submit();
        expect(result?.kind).to.equal('invalid');
        await el.updateComplete;
        const p = parts(el);
        expect(p.usernameError.textContent!.trim()).to.equal(texts[lang][0]);
        expect(p.passwordError.textContent!.trim()).to.equal(texts[lang][1]);
        expect(p.username.getAttribute('aria-invalid')).to.equal('true');
        expect(p.username.getAttribute('aria-describedby')).to.equal('username-error');
        expect(p.password.getAttribute('aria-describedby')).to.equal('password-error');
        expect(active()).to.equal('input#username[part=input] in edu-login-box');
        expect(submits).to.equal(0);
        expect((await stats())['POST /api/uaa/oauth/login'] ?? 0).to.equal(0);
      });
    }

    it('trims: blanks count as empty; the message goes when the field changes', async () => {
      const el = await box();
      await type(parts(el).username, '   ');
      await type(parts(el).password, 'x');
      await el.submit();
      await el.updateComplete;
      expect(parts(el).usernameError.textContent!.trim()).to.equal('用户名不能为空！');
      expect(parts(el).passwordError.textContent!.trim()).to.equal('');
      await type(parts(el).username, 't');
      await el.updateComplete;
      expect(parts(el).usernameError.textContent!.trim()).to.equal('');
      expect(parts(el).username.getAttribute('aria-invalid')).to.equal('false');
      expect(parts(el).username.hasAttribute('aria-describedby')).to.equal(false);
    });

    it('re-renders a shown message when the language changes', async () => {
      const el = await box();
      await el.submit();
      await switchLanguage('en');
      await el.updateComplete;
      expect(parts(el).usernameError.textContent!.trim()).to.equal('User name cannot be empty!');
      expect(parts(el).submit.textContent!.trim()).to.equal('Sign in');
      await switchLanguage('zh-HK');
      await el.updateComplete;
      expect(parts(el).usernameError.textContent!.trim()).to.equal('用戶名不能為空！');
      expect(parts(el).submit.textContent!.trim()).to.equal('登入');
    });
  });

  describe('server answers', () => {
    it('shows a refused login under the password field and fires edu-login-failed', async () => {
      const el = await box();
      await type(parts(el).username, 'teacher1');
      await type(parts(el).password, 'wrong-password');
      const failed = oneEvent(el, 'edu-login-failed') as Promise<EduLoginFailedEvent>;
      void el.submit();
      const event = await failed;
      expect(event.detail.code).to.equal('invalid_grant');
      expect(event.detail.fields).to.deep.equal(['password']);
      await el.updateComplete;
      const p = parts(el);
      expect(p.passwordError.textContent!.trim()).to.equal('用户名或密码错误');
      expect(p.password.getAttribute('aria-invalid')).to.equal('true');
      expect(p.username.getAttribute('aria-invalid')).to.equal('false');
      expect(active()).to.equal('input#password[part=input] in edu-login-box');
    });

    it('shows the server message in English when the language is en', async () => {
      await switchLanguage('en');
      const el = await box();
      await type(parts(el).username, 'teacher1');
      await type(parts(el).password, 'wrong-password');
      await el.submit();
      await el.updateComplete;
      expect(parts(el).passwordError.textContent!.trim()).to.equal('Incorrect user name or password');
    });

    it('signs in: loading state while in flight, a second submit ignored, edu-login with the target', async () => {
      await postJson('/api/__test/config', { delayMs: 400 });
      const el = await box();
      await type(parts(el).username, 'teacher1');
      await type(parts(el).password, PASSWORD);
      const submits: string[] = [];
      el.addEventListener('edu-login-submit', (e) => submits.push(e.detail.username));
      const login = oneEvent(el, 'edu-login') as Promise<EduLoginEvent>;
      const first = el.submit();
      await el.updateComplete;
      const p = parts(el);
      expect(p.submit.getAttribute('aria-busy')).to.equal('true');
      expect(p.submit.getAttribute('aria-disabled')).to.equal('true');
      expect(p.submit.textContent!.trim()).to.equal('正在登录…');
      // A click and an Enter while the login is in flight do nothing.
      p.submit.click();
      expect(await el.submit()).to.deep.equal({ kind: 'ignored' });
      const event = await login;
      expect((await first)?.kind).to.equal('logged-in');
      expect(event.cancelable).to.equal(true);
      expect(event.detail.outcome.kind).to.equal('logged-in');
      if (event.detail.outcome.kind === 'logged-in') {
        expect(event.detail.outcome.user.loginName).to.equal('teacher1');
        expect(event.detail.outcome.target).to.be.a('string');
      }
      await el.updateComplete;
      expect(p.submit.getAttribute('aria-busy')).to.equal('false');
      expect(p.submit.textContent!.trim()).to.equal('登录');
      expect(submits).to.deep.equal(['teacher1']);
      expect((await stats())['POST /api/uaa/oauth/login']).to.equal(1);
    });
  });

  describe('keyboard: Enter', () => {
    it('in the account field with an empty password moves focus to the password', async () => {
      const el = await box();
      let submits = 0;
      el.addEventListener('edu-login-submit', () => submits++);
      await type(parts(el).username, 'teacher1');
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(active()).to.equal('input#password[part=input] in edu-login-box');
      expect(submits).to.equal(0);
      expect(parts(el).passwordError.textContent!.trim()).to.equal('');
    });

    it('in the password field with an empty account moves focus to the account', async () => {
      const el = await box();
      await type(parts(el).password, 'secret');
      await sendKeys({ press: 'Enter' });
      expect(active()).to.equal('input#username[part=input] in edu-login-box');
    });

    it('submits when both are filled', async () => {
      const el = await box();
      await type(parts(el).username, 'teacher1');
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: PASSWORD });
      const login = oneEvent(el, 'edu-login');
      await sendKeys({ press: 'Enter' });
      expect((await login).detail.outcome.kind).to.equal('logged-in');
    });

    it('in the only empty field shows its message', async () => {
      const el = await box();
      parts(el).username.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(parts(el).usernameError.textContent!.trim()).to.equal('用户名不能为空！');
    });
  });

  describe('remember password', () => {
    it('keeps the login encrypted (never the password in plain, base64 or hex) and fills the form next time', async () => {
      const remember = createRememberStore({ credentials: null });
      const el = await box();
      el.rememberStore = remember;
      await el.updateComplete;
      await type(parts(el).username, 'teacher1');
      await type(parts(el).password, PASSWORD);
      parts(el).remember!.click();
      const login = oneEvent(el, 'edu-login');
      await el.submit();
      await login;
      expect(localStorage.getItem('rempass')).to.equal('true');
      expect(localStorage.getItem('_')).to.equal('teacher1');
      const record = JSON.stringify({ ...localStorage });
      const hex = [...new TextEncoder().encode(PASSWORD)].map((b) => b.toString(16).padStart(2, '0')).join('');
      for (const form of [PASSWORD, btoa(PASSWORD), hex, hex.toUpperCase()]) expect(record).to.not.contain(form);

      fixtureCleanup();
      const next = await fixture<EduLoginBox>(
        html`<edu-login-box no-social .rememberStore=${remember}></edu-login-box>`,
      );
      await waitUntil(() => parts(next).password.value === PASSWORD, 'the remembered password');
      expect(parts(next).username.value).to.equal('teacher1');
      expect(parts(next).remember!.checked).to.equal(true);
    });

    it('hides the checkbox when there is no remember store', async () => {
      const el = await fixture<EduLoginBox>(html`<edu-login-box no-social .rememberStore=${null}></edu-login-box>`);
      expect(parts(el).remember).to.equal(null);
    });
  });

  describe('other login methods', () => {
    it('shows a QR code per provider; the link carries a fresh state that this tab expects', async () => {
      const el = await box(html`<edu-login-box .providers=${providers}></edu-login-box>`);
      const p = parts(el);
      expect(p.tabs.map((t) => t.textContent!.trim())).to.deep.equal(['密码登录', '扫码登录']);
      expect(p.tabs[0]!.getAttribute('aria-selected')).to.equal('true');
      p.tabs[1]!.click();
      await el.updateComplete;
      const root = el.shadowRoot!;
      // The encoder loads on first use: a busy square with the same name until the code is drawn.
      await waitUntil(() => root.querySelector('svg[role="img"]') !== null, 'the QR code is drawn');
      const qr = root.querySelector('svg[role="img"]')!;
      expect(qr.getAttribute('aria-label')).to.equal('登录二维码');
      expect(qr.getAttribute('aria-describedby')).to.equal('qr-caption');
      expect(root.querySelector('#panel-password')!.hasAttribute('hidden')).to.equal(true);
      const link = root.querySelector<HTMLAnchorElement>('[part="qr-link"]')!;
      const url = new URL(link.href);
      expect(url.pathname).to.equal('/api/uaa/social/dev/authorize');
      expect(url.searchParams.get('provider')).to.equal('weixin');
      const state = url.searchParams.get('state')!;
      expect(state).to.match(/^weixin\.[0-9a-f]{16}$/);
      expect(sessionStorage.getItem(SOCIAL_STATE_KEY)).to.equal(state);
      expect(url.searchParams.get('redirect_uri')).to.equal(location.pathname + location.search + location.hash);
      expect(root.querySelector('figcaption')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
        '微信 · 请扫描二维码登录',
      );

      const work = [...root.querySelectorAll<HTMLButtonElement>('.provider')].find((b) =>
        b.textContent!.includes('企业微信'),
      )!;
      work.click();
      await el.updateComplete;
      expect(work.getAttribute('aria-pressed')).to.equal('true');
      const workUrl = new URL(root.querySelector<HTMLAnchorElement>('[part="qr-link"]')!.href);
      expect(workUrl.searchParams.get('provider')).to.equal('work-weixin');
      expect(workUrl.searchParams.get('state')).to.not.equal(state);
      expect(sessionStorage.getItem(SOCIAL_STATE_KEY)).to.equal(workUrl.searchParams.get('state'));
    });

    it('the tabs follow the arrow keys', async () => {
      const el = await box(html`<edu-login-box .providers=${providers}></edu-login-box>`);
      parts(el).tabs[0]!.focus();
      await sendKeys({ press: 'ArrowRight' });
      await el.updateComplete;
      expect(parts(el).tabs[1]!.getAttribute('aria-selected')).to.equal('true');
      expect(active()).to.equal('button#tab-qr in edu-login-box');
      await sendKeys({ press: 'Home' });
      await el.updateComplete;
      expect(active()).to.equal('button#tab-password in edu-login-box');
    });

    it('asks the server for the providers when none are given', async () => {
      const el = await box(html`<edu-login-box></edu-login-box>`);
      await waitUntil(() => parts(el).tabs.length === 2, 'the QR tab');
      expect((await stats())['GET /api/uaa/social/providers']).to.equal(1);
    });
  });

  describe('bind mode', () => {
    it('is the bind form for the identity given', async () => {
      const el = await box(html`<edu-login-box mode="bind"></edu-login-box>`);
      el.bindParams = { id: 'x', openid: 'o-wx-guest', unionid: '', deviceId: '' };
      await el.updateComplete;
      const p = parts(el);
      expect(p.heading.textContent!.trim()).to.equal('绑定账号');
      expect(p.submit.textContent!.trim()).to.equal('绑定并登录');
      expect(p.remember).to.equal(null);
      expect(p.tabs.length).to.equal(0);
    });

    it('says so when the address has nothing to bind', async () => {
      const el = await box(html`<edu-login-box mode="bind"></edu-login-box>`);
      expect(el.shadowRoot!.querySelector('form')).to.equal(null);
      expect(el.shadowRoot!.querySelector('.intro')!.textContent).to.contain('绑定信息缺失或已失效');
    });
  });

  describe('passkeys', () => {
    const passkeyButton = (el: EduLoginBox) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="passkey"]');

    it('offers 使用通行密钥登录 under the sign-in button, in each language, reached by Tab', async () => {
      const el = await box();
      const button = passkeyButton(el)!;
      expect(button.type).to.equal('button');
      expect(button.textContent!.trim()).to.equal('使用通行密钥登录');
      parts(el).submit.focus();
      await sendKeys({ press: 'Tab' });
      expect(active()).to.equal('button[part=passkey] in edu-login-box');
      await switchLanguage('en');
      await el.updateComplete;
      expect(button.textContent!.trim()).to.equal('Sign in with a passkey');
      await switchLanguage('zh-HK');
      await el.updateComplete;
      expect(button.textContent!.trim()).to.equal('使用通行密鑰登入');
    });

    it('starts the passkey autofill only when the person comes to the account field, once per form', async () => {
      const el = await box();
      const asked = async () => (await stats())['POST /api/uaa/passkey/sign_in/options'] ?? 0;
      expect(await asked()).to.equal(0);
      parts(el).username.focus();
      for (let i = 0; i < 50 && (await asked()) === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(await asked()).to.equal(1, 'the autofill asked for sign-in options');
      parts(el).password.focus();
      parts(el).username.focus();
      await new Promise((r) => setTimeout(r, 300));
      expect(await asked()).to.equal(1, 'one waiting autofill per form');
    });

    it('is not offered with no-passkey, nor on the bind form', async () => {
      expect(passkeyButton(await box(html`<edu-login-box no-social no-passkey></edu-login-box>`))).to.equal(null);
      const bind = await box(
        html`<edu-login-box
          mode="bind"
          .bindParams=${{ id: '', openid: 'o-1', unionid: '', deviceId: '' }}
        ></edu-login-box>`,
      );
      expect(passkeyButton(bind)).to.equal(null);
    });
  });

  describe('accessibility', () => {
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}, with messages shown and on the QR tab`, async () => {
        await switchLanguage(lang);
        const el = await box(html`<edu-login-box .providers=${providers}></edu-login-box>`);
        await expect(el).to.be.accessible();
        await el.submit();
        await el.updateComplete;
        await expect(el).to.be.accessible();
        el.showQr('weixin');
        await el.updateComplete;
        await expect(el).to.be.accessible();
      });
    }
  });
});
