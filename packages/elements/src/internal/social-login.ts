/**
 * Third-party (social) login shared by `<edu-login-box>` and `<edu-login-dialog>`: provider names in the three
 * languages, a fresh `state` per QR code, and the provider's login URL that the QR code encodes.
 *
 * The code comes back to the page the QR code was made on (`redirect_uri`), where the host's login chain
 * (`runLoginChain`) signs in with it; the state is remembered with core's `expectSocialState`, so a code that comes
 * back with another state (a planted link) is refused.
 */
import { html, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { expectSocialState } from '@edu-portal/core/auth/social-state.ts';
import { stripParams } from '@edu-portal/core/auth/address.ts';
import type { SocialProvider } from '@edu-portal/core/auth/api.ts';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';
import { qrCode } from './qr-code.ts';

export type { SocialProvider };

/** The provider's name in the language in force (the provider id when it is not a known one). */
export function providerName(providerId: string): string {
  switch (providerId) {
    case 'weixin':
      return msg('微信', { id: 'login.provider.weixin' });
    case 'work-weixin':
      return msg('企业微信', { id: 'login.provider.workWeixin' });
    case 'dingtalk':
      return msg('钉钉', { id: 'login.provider.dingtalk' });
    case 'qq':
      return msg('QQ', { id: 'login.provider.qq' });
    default:
      return providerId;
  }
}

/** The provider's logo when it passes core's safe-URL rule (an inline raster picture allowed), else null. */
export function providerLogo(provider: Pick<SocialProvider, 'logo'>): string | null {
  return safeUrl(provider.logo, { image: true });
}

/** The QR code's caption, after the provider's name. */
export function scanHint(): string {
  return msg('请扫描二维码登录', { id: 'login.qr.scanHint' });
}

/** The accessible name of the QR code (its caption, which names the provider, describes it). */
export function qrLabel(): string {
  return msg('登录二维码', { id: 'login.qr.label' });
}

/** The text of the link under the QR code (the provider's login page, for a person without a phone at hand). */
export function qrLinkText(): string {
  return msg('无法扫码？在本设备上打开登录页面', { id: 'login.qr.link' });
}

/** A state for one QR code: the provider id and 16 random hex digits (URL-safe, as the chain requires). */
export function freshState(providerId: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const prefix = /^[A-Za-z0-9._~-]{1,64}$/.test(providerId) ? providerId : 'social';
  return `${prefix}.${hex}`;
}

/** Parameters of a finished or foreign social login that must not be sent round again. */
const SPENT = ['code', 'state', 'token', 'error'];

/**
 * The provider's login page with `state` and `redirect_uri` (the current page without spent parameters). A
 * provider on this site (the reference server's development provider) gets the way back as a path, which it
 * accepts whatever host name a proxy gives it; a provider elsewhere gets the absolute address. Null when the
 * provider has no login URL that passes core's safe-URL rule (`safeUrl`).
 */
export function providerLoginUrl(
  provider: Pick<SocialProvider, 'providerAppLoginUrl'>,
  state: string,
  here: string = location.href,
): string | null {
  if (!provider.providerAppLoginUrl) return null;
  let back: URL;
  try {
    back = new URL(stripParams(here, SPENT));
  } catch {
    return null;
  }
  const checked = safeUrl(provider.providerAppLoginUrl, { base: back.href });
  if (!checked) return null;
  const url = new URL(checked);
  const sameSite = url.origin === back.origin;
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', sameSite ? `${back.pathname}${back.search}${back.hash}` : back.href);
  return url.href;
}

/** A QR login ready to show: its provider, the URL the code encodes, and the state this tab now expects. */
export interface QrLogin {
  providerId: string;
  url: string;
  state: string;
}

/**
 * Makes the QR login of a provider and remembers its state for this tab. `issued` is a login the server made
 * (`GET /api/uaa/social/info`'s `qrLogin`), used as it is when it belongs to this provider.
 */
export function prepareQrLogin(
  provider: SocialProvider,
  issued?: { providerId: string; loginUrl: string; state: string } | null,
): QrLogin | null {
  let login: QrLogin | null = null;
  if (issued && issued.providerId === provider.providerId && issued.loginUrl && issued.state) {
    // The server's address passes the same rule as one made here: a stored `javascript:` never becomes the link.
    const url = safeUrl(issued.loginUrl, { base: location.href });
    login = url ? { providerId: provider.providerId, url, state: issued.state } : null;
  }
  if (!login) {
    const state = freshState(provider.providerId);
    const url = providerLoginUrl(provider, state);
    login = url ? { providerId: provider.providerId, url, state } : null;
  }
  if (login) expectSocialState(login.state);
  return login;
}

/**
 * What a QR panel shows of `qr`: the code (named, and described by the caption with id `qr-caption`), the caption's
 * content (the provider, and to scan), and the link to the provider's page with the button that makes a new code.
 */
export function qrPanelParts(
  qr: QrLogin,
  refresh: () => void,
): { code: TemplateResult; caption: TemplateResult; actions: TemplateResult } {
  return {
    code: qrCode(qr.url, qrLabel(), 'qr-caption'),
    caption: html`<strong>${providerName(qr.providerId)}</strong> · ${scanHint()}`,
    actions: html`<a class="qr-link" part="qr-link" href=${qr.url}>${qrLinkText()}</a>
      <button class="refresh" type="button" @click=${refresh}>
        ${msg('刷新二维码', { id: 'login.qr.refresh' })}
      </button>`,
  };
}
