import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '@lit/localize';
import {
  ViewportError,
  isViewportName,
  readViewportParams,
  toViewportHandle,
  type ViewportContext,
  type ViewportErrorKind,
  type ViewportHandle,
} from '@edu-portal/core/viewport/viewport.ts';
import { CoreLanguage } from '../internal/localize.ts';
import { EduElement } from '../internal/edu-element.ts';
import { loadOnce } from '../internal/load-once.ts';
import { viewportStyles } from './viewport.styles.ts';

/** Core's viewport loader (manifest, files, mount function), loaded when a viewport first has an app to show. */
const loadLoader = loadOnce(() => import('@edu-portal/core/viewport/loader.ts'));

/** Why the viewport shows no app: the core loader's reasons, missing parameters, or a mount function that threw. */
export type EduViewportErrorKind = ViewportErrorKind | 'missing-params' | 'mount';

export interface EduAppLoadDetail {
  app: string;
  fileId: string;
  container: HTMLElement;
}

export interface EduAppErrorDetail {
  app: string;
  fileId: string;
  kind: EduViewportErrorKind;
  error: unknown;
}

export type EduAppLoadEvent = CustomEvent<EduAppLoadDetail>;
export type EduAppErrorEvent = CustomEvent<EduAppErrorDetail>;

interface Mounted {
  app: string;
  fileId: string;
  container: HTMLElement;
  handle: ViewportHandle;
  context: ViewportContext;
}

/** `allowed-origins="https://cdn.example.org, https://static.example.org"`. */
const originsConverter = {
  fromAttribute: (value: string | null): string[] =>
    (value ?? '')
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  toAttribute: (value: string[]) => value.join(','),
};

const keyOf = (app: string, fileId: string) => `${app}/${fileId}`;

interface NavigationLike extends EventTarget {
  currentEntry?: unknown;
}

/**
 * The viewport that loads other apps' scripts (spec part 2 §2 "Viewport page", §4 "Viewport loader"): for `app` and
 * `fileId` it fetches `/{app}/manifest.json`, loads that fileId's script (and stylesheet) once per page, and keeps one
 * container per loaded fileId, showing only the current one, so switching back is instant and the app keeps its
 * state. `app`, `fileId`, `id` and `linkUrl` come from the properties, or with `from-url` from the page address (its
 * query or its hash's query) as the spec's viewport page reads them.
 *
 * A script registers `window.EduViewportApps[fileId] = (container, {app, fileId, id, linkUrl, lang}) => handle`;
 * `handle.update(context)` is called when `id`, `linkUrl` or the language change, `handle.unmount()` when the
 * viewport leaves the page. Containers live in the light DOM, so the app's stylesheet applies to them.
 *
 * @summary Loads and shows other apps' scripts.
 * @tagname edu-viewport
 *
 * @slot - The apps' containers (managed by the element).
 *
 * @fires {CustomEvent<{app: string, fileId: string, container: HTMLElement}>} edu-app-load - An app was loaded and
 *   mounted into its new container.
 * @fires {CustomEvent<{app: string, fileId: string, kind: string, error: unknown}>} edu-app-error - The current app
 *   could not be shown; `kind` says why.
 *
 * @csspart base - The box around the apps, the loading text and the error.
 * @csspart loading - The loading text.
 * @csspart error - The error message.
 * @csspart retry - The retry button of the error message.
 *
 * @cssprop [--edu-viewport-min-height=160px] - Height of the loading state.
 * @cssprop [--edu-viewport-muted-color=#606266] - Colour of the loading text.
 * @cssprop [--edu-viewport-error-color=#b42318] - Colour of the error message.
 * @cssprop [--edu-viewport-error-background=#fef0f0] - Background of the error message.
 * @cssprop [--edu-color-primary] - Spinner and retry button colour.
 */
export class EduViewport extends EduElement {
  static override styles = viewportStyles;

  /** The app whose manifest is read: `/{app}/manifest.json`. */
  @property() app = '';

  /** The file of the app to show (`{fileId}.js` in the manifest). */
  @property({ attribute: 'file-id' }) fileId = '';

  /** The spec's `id` parameter, handed to the app (the element's own `id` stays the DOM id). */
  @property({ attribute: 'record-id' }) recordId = '';

  /** The spec's `linkUrl` parameter, handed to the app. */
  @property({ attribute: 'link-url' }) linkUrl = '';

  /** Reads `app`, `fileId`, `id` and `linkUrl` from the page address and follows it; properties are then ignored. */
  @property({ attribute: 'from-url', type: Boolean }) fromUrl = false;

  /** Where the apps live: `{base}{app}/manifest.json`; default `/`. */
  @property() base = '/';

  /** Origins besides the page's own that app files may come from. */
  @property({ attribute: 'allowed-origins', converter: originsConverter }) allowedOrigins: string[] = [];

  @state() private urlParams = readViewportParams(globalThis.location?.href ?? '');
  @state() private status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  @state() private errorKind: EduViewportErrorKind | null = null;

  private readonly mounted = new Map<string, Mounted>();
  /** The app and file asked for last; a load that finishes for another one keeps its container hidden. */
  private wanted = '';
  private readonly language = new CoreLanguage(this, () => this.updateContexts());

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.readUrl);
    window.addEventListener('popstate', this.readUrl);
    // The Navigation API also reports pushState navigation, which routers use and which fires no event otherwise.
    (globalThis as { navigation?: NavigationLike }).navigation?.addEventListener('currententrychange', this.readUrl);
    this.readUrl();
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.readUrl);
    window.removeEventListener('popstate', this.readUrl);
    (globalThis as { navigation?: NavigationLike }).navigation?.removeEventListener('currententrychange', this.readUrl);
    // Apps clean up (timers, listeners) when the viewport goes; scripts stay loaded for a later mount.
    for (const entry of this.mounted.values()) {
      try {
        entry.handle.unmount?.();
      } catch (error) {
        console.error('[edu-viewport] unmount', entry.app, entry.fileId, error);
      }
      entry.container.remove();
    }
    this.mounted.clear();
    this.wanted = '';
    this.status = 'idle';
  }

  /** The container of the app shown now, or null. */
  get currentContainer(): HTMLElement | null {
    return this.mounted.get(this.wanted)?.container ?? null;
  }

  /** Containers of every loaded fileId, keyed `app/fileId`. */
  get containers(): ReadonlyMap<string, HTMLElement> {
    return new Map([...this.mounted].map(([key, entry]) => [key, entry.container]));
  }

  /** Tries the current app again (after an error). */
  retry(): void {
    this.wanted = '';
    this.requestUpdate();
  }

  private readonly readUrl = () => {
    if (!this.fromUrl) return;
    const next = readViewportParams(location.href);
    const now = this.urlParams;
    if (next.app !== now.app || next.fileId !== now.fileId || next.id !== now.id || next.linkUrl !== now.linkUrl) {
      this.urlParams = next;
    }
  };

  private params(): { app: string; fileId: string; id: string | null; linkUrl: string | null } {
    if (this.fromUrl) {
      const p = this.urlParams;
      return { app: p.app ?? '', fileId: p.fileId ?? '', id: p.id, linkUrl: p.linkUrl };
    }
    return { app: this.app, fileId: this.fileId, id: this.recordId || null, linkUrl: this.linkUrl || null };
  }

  private contextFor(app: string, fileId: string): ViewportContext {
    const { id, linkUrl } = this.params();
    return { app, fileId, id, linkUrl, lang: this.language.value };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('fromUrl') && this.fromUrl) this.readUrl();
    const { app, fileId } = this.params();
    const key = keyOf(app, fileId);
    if (key !== this.wanted && this.isConnected) {
      this.wanted = key;
      // Its synchronous part sets the status before this render; the rest runs when the files are in.
      void this.show(app, fileId, key);
    } else {
      this.updateContexts();
    }
  }

  /** Tells mounted apps about a new `id`, `linkUrl` or language. */
  private updateContexts(): void {
    for (const entry of this.mounted.values()) {
      const next = this.contextFor(entry.app, entry.fileId);
      const before = entry.context;
      if (next.id === before.id && next.linkUrl === before.linkUrl && next.lang === before.lang) continue;
      entry.context = next;
      try {
        entry.handle.update?.(next);
      } catch (error) {
        console.error('[edu-viewport] update', entry.app, entry.fileId, error);
      }
    }
  }

  private reveal(key: string): void {
    for (const [k, entry] of this.mounted) entry.container.hidden = k !== key;
  }

  private fail(app: string, fileId: string, kind: EduViewportErrorKind, error: unknown): void {
    this.reveal('');
    this.status = 'error';
    this.errorKind = kind;
    this.emit('edu-app-error', { app, fileId, kind, error });
  }

  private async show(app: string, fileId: string, key: string): Promise<void> {
    const existing = this.mounted.get(key);
    if (existing) {
      this.reveal(key);
      this.status = 'ready';
      this.errorKind = null;
      this.updateContexts();
      return;
    }
    if (!app && !fileId) {
      this.reveal('');
      this.status = 'idle';
      this.errorKind = null;
      return;
    }
    if (!app || !fileId) return this.fail(app, fileId, 'missing-params', null);
    if (!isViewportName(app)) return this.fail(app, fileId, 'invalid-app', null);
    if (!isViewportName(fileId)) return this.fail(app, fileId, 'invalid-file-id', null);
    this.reveal('');
    this.status = 'loading';
    this.errorKind = null;
    let mount;
    try {
      // Its code not loading (the network is gone) fails as a script that did not load would.
      const { loadViewportApp } = await loadLoader();
      mount = await loadViewportApp(app, fileId, { base: this.base, allowedOrigins: this.allowedOrigins });
    } catch (error) {
      if (this.wanted === key) this.fail(app, fileId, error instanceof ViewportError ? error.kind : 'script', error);
      return;
    }
    // Gone from the page, or loaded twice (a retry): nothing to mount.
    if (!this.isConnected || this.mounted.has(key)) return;
    const container = document.createElement('div');
    container.dataset['app'] = app;
    container.dataset['fileId'] = fileId;
    container.hidden = true;
    this.append(container);
    const context = this.contextFor(app, fileId);
    try {
      const handle = toViewportHandle(mount(container, context));
      this.mounted.set(key, { app, fileId, container, handle, context });
    } catch (error) {
      container.remove();
      if (this.wanted === key) this.fail(app, fileId, 'mount', error);
      return;
    }
    this.emit('edu-app-load', { app, fileId, container });
    if (this.wanted === key) {
      this.reveal(key);
      this.status = 'ready';
    }
  }

  private errorText(): string {
    const { app, fileId } = this.params();
    switch (this.errorKind) {
      case 'missing-params':
        return msg('缺少 app 或 fileId 参数', { id: 'viewport.missingParams' });
      case 'invalid-app':
        return msg(str`应用名称 "${app}" 无效`, { id: 'viewport.invalidApp' });
      case 'invalid-file-id':
        return msg(str`文件名 "${fileId}" 无效`, { id: 'viewport.invalidFileId' });
      case 'manifest':
        return msg(str`无法读取应用 ${app} 的清单`, { id: 'viewport.manifest' });
      case 'missing-entry':
        return msg(str`应用 ${app} 中没有 ${fileId}`, { id: 'viewport.missingEntry' });
      case 'unsafe-url':
        return msg('应用文件的地址不在允许的来源内', { id: 'viewport.unsafeUrl' });
      case 'script':
      case 'style':
        return msg(str`应用 ${app} 的文件加载失败`, { id: 'viewport.fileFailed' });
      case 'no-mount':
        return msg(str`${fileId} 没有注册挂载函数`, { id: 'viewport.noMount' });
      case 'mount':
        return msg(str`应用 ${app} 启动失败`, { id: 'viewport.mountFailed' });
      default:
        return '';
    }
  }

  protected override render(): TemplateResult {
    const retryable =
      this.errorKind !== null && !['missing-params', 'invalid-app', 'invalid-file-id'].includes(this.errorKind);
    return html`<div part="base" class="base" aria-busy=${this.status === 'loading' ? 'true' : 'false'}>
      <slot></slot>
      ${
        this.status === 'loading'
          ? html`<div part="loading" class="loading" role="status">
              <span class="spinner" aria-hidden="true"></span>${msg('正在加载应用…', { id: 'viewport.loading' })}
            </div>`
          : nothing
      }
      ${
        this.status === 'error'
          ? html`<div part="error" class="error" role="alert">
              <span>${this.errorText()}</span>
              ${
                retryable
                  ? html`<button part="retry" type="button" @click=${() => this.retry()}>
                      ${msg('重试', { id: 'viewport.retry' })}
                    </button>`
                  : nothing
              }
            </div>`
          : nothing
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    /** An app was loaded and mounted into its container. */
    'edu-app-load': EduAppLoadEvent;
    /** The current app could not be shown. */
    'edu-app-error': EduAppErrorEvent;
  }
}
