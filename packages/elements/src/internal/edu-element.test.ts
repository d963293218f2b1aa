import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { css } from 'lit';
import { customElement } from 'lit/decorators.js';
import { elementClasses, type EduTagName } from '../define.ts';
import { EduElement } from './edu-element.ts';
import type { EduCloseDetail } from './events.ts';
import { setNotifier, type Notice } from '@edu-portal/core/platform/notify.ts';

/** Where each element lives and what its class is called, to import it alone. */
const modules: Record<EduTagName, [path: string, className: string]> = {
  'edu-about-dialog': ['about-dialog/about-dialog.ts', 'EduAboutDialog'],
  'edu-chart': ['chart/chart.ts', 'EduChart'],
  'edu-child-dialog': ['child-dialog/child-dialog.ts', 'EduChildDialog'],
  'edu-color-picker': ['color-picker/color-picker.ts', 'EduColorPicker'],
  'edu-desktop': ['desktop/desktop.ts', 'EduDesktop'],
  'edu-dialog': ['dialog/dialog.ts', 'EduDialog'],
  'edu-download-dialog': ['download-dialog/download-dialog.ts', 'EduDownloadDialog'],
  'edu-empty': ['empty/empty.ts', 'EduEmpty'],
  'edu-footer': ['footer/footer.ts', 'EduFooter'],
  'edu-form-dialog': ['form-dialog/form-dialog.ts', 'EduFormDialog'],
  'edu-header': ['header/header.ts', 'EduHeader'],
  'edu-licence-dialog': ['licence-dialog/licence-dialog.ts', 'EduLicenceDialog'],
  'edu-login-box': ['login-box/login-box.ts', 'EduLoginBox'],
  'edu-login-dialog': ['login-dialog/login-dialog.ts', 'EduLoginDialog'],
  'edu-message-dialog': ['message-dialog/message-dialog.ts', 'EduMessageDialog'],
  'edu-module-expiry-dialog': ['module-expiry/module-expiry.ts', 'EduModuleExpiryDialog'],
  'edu-notice': ['notice/notice.ts', 'EduNotice'],
  'edu-paged-list': ['paged-list/paged-list.ts', 'EduPagedList'],
  'edu-side-menu': ['side-menu/side-menu.ts', 'EduSideMenu'],
  'edu-theme-background': ['theme-background/theme-background.ts', 'EduThemeBackground'],
  'edu-theme-dialog': ['theme-dialog/theme-dialog.ts', 'EduThemeDialog'],
  'edu-todo-panel': ['todo-panel/todo-panel.ts', 'EduTodoPanel'],
  'edu-upload': ['upload/upload.ts', 'EduUpload'],
  'edu-voice-recorder': ['voice-recorder/voice-recorder.ts', 'EduVoiceRecorder'],
  'edu-face': ['face/face.ts', 'EduFace'],
  'edu-viewport': ['viewport/viewport.ts', 'EduViewport'],
};

/** What an element needs before it renders the other elements it uses (everything else: `open`, if it has one). */
const setUp: Partial<Record<EduTagName, (el: HTMLElement & Record<string, unknown>) => void>> = {
  'edu-footer': (el) => {
    el['code'] = 'demo';
  },
  'edu-header': (el) => {
    el['user'] = { realName: '王老师', userType: 2, unitType: 2, unitName: '实验小学' };
  },
};

interface StandaloneWindow extends Window {
  loaded?: Promise<void>;
}

/** A fresh document (its own registry and module map) that imports one element module and defines only its tag. */
async function standalonePage(tag: EduTagName): Promise<{ frame: HTMLIFrameElement; win: StandaloneWindow }> {
  const [path, className] = modules[tag];
  const url = new URL(`../${path}`, import.meta.url).pathname;
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 1000px; height: 700px; border: 0';
  frame.srcdoc = `<!doctype html><html lang="zh-CN"><body><script type="module">
    window.loaded = import(${JSON.stringify(url)}).then((m) => customElements.define(${JSON.stringify(tag)}, m[${JSON.stringify(className)}]));
  </script></body></html>`;
  const ready = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await ready;
  const win = frame.contentWindow as StandaloneWindow;
  await win.loaded;
  return { frame, win };
}

/** Every `<edu-…>` element in the shadow trees under `host`, looked for through the shadow roots of those found. */
function renderedEduElements(host: Element): Element[] {
  const found: Element[] = [];
  const visit = (root: ParentNode) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.localName.startsWith('edu-')) found.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  if (host.shadowRoot) visit(host.shadowRoot);
  return found;
}

describe('EduElement', () => {
  it('lists every element of the package for the standalone check', () => {
    expect(Object.keys(modules).sort()).to.deep.equal(Object.keys(elementClasses).sort());
  });

  for (const tag of Object.keys(modules) as EduTagName[]) {
    it(`${tag} imported alone upgrades every <edu-…> element it renders`, async () => {
      const { frame, win } = await standalonePage(tag);
      try {
        const el = win.document.createElement(tag) as HTMLElement & Record<string, unknown>;
        const prepare = setUp[tag];
        if (prepare) prepare(el);
        else if ('open' in el) el['open'] = true;
        win.document.body.append(el);
        await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
        await new Promise((resolve) => win.requestAnimationFrame(resolve));
        const inner = renderedEduElements(el);
        for (const child of inner) await (child as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
        const undefinedTags = inner.filter((child) => !child.matches(':defined')).map((child) => child.localName);
        expect(undefinedTags, `${tag} renders these without defining them`).to.deep.equal([]);
        expect(win.customElements.get(tag)).to.not.equal(undefined);
      } finally {
        frame.remove();
      }
    });
  }

  it('elements imported alone load their lazy dialogs on first use (header logout, footer about)', async () => {
    for (const [tag, press, inner] of [
      ['edu-header', '.logout', 'edu-dialog'],
      ['edu-footer', '[part="version"]', 'edu-about-dialog'],
    ] as const) {
      const { frame, win } = await standalonePage(tag);
      try {
        const el = win.document.createElement(tag) as unknown as HTMLElement & Record<string, unknown>;
        setUp[tag]!(el);
        if (tag === 'edu-footer') el['version'] = '2.0.0';
        win.document.body.append(el);
        await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
        expect(win.customElements.get(inner), `${inner} before use`).to.equal(undefined);
        el.shadowRoot!.querySelector<HTMLElement>(press)!.click();
        await waitUntil(() => {
          const dialog = el.shadowRoot!.querySelector(inner) as (Element & { open?: boolean }) | null;
          return dialog?.matches(':defined') && dialog.open === true;
        }, `${tag} opens ${inner}`);
      } finally {
        frame.remove();
      }
    }
  });

  it('defines its dependencies when constructed, leaving a tag defined by someone else alone', () => {
    class Other extends HTMLElement {}
    customElements.define('edu-test-dependency-taken', Other);
    class Dependency extends EduElement {}
    class Own extends EduElement {}
    class Host extends EduElement {
      static override dependencies = { 'edu-test-dependency-taken': Own, 'edu-test-dependency-new': Dependency };
    }
    customElements.define('edu-test-dependency-host', Host);
    expect(customElements.get('edu-test-dependency-new')).to.equal(undefined);
    document.createElement('edu-test-dependency-host');
    expect(customElements.get('edu-test-dependency-new')).to.equal(Dependency);
    expect(customElements.get('edu-test-dependency-taken')).to.equal(Other);
  });

  it('loads a lazy dependency only when asked, and tells a failed load as a network error', async () => {
    class Later extends EduElement {}
    let loads = 0;
    let fail = true;
    class Host extends EduElement {
      static override lazyDependencies = {
        'edu-test-lazy-later': () => {
          loads++;
          return fail ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(Later);
        },
      };
      load(tag: string) {
        return this.loadDependency(tag);
      }
    }
    customElements.define('edu-test-lazy-host', Host);
    const host = document.createElement('edu-test-lazy-host') as Host;
    expect(loads).to.equal(0);
    const notices: Notice[] = [];
    const restore = setNotifier((n) => notices.push(n));
    try {
      expect(await host.load('edu-test-lazy-later')).to.equal(false);
      expect(notices.map((n) => [n.type, n.message])).to.deep.equal([['error', '网络错误']]);
      expect(customElements.get('edu-test-lazy-later')).to.equal(undefined);
      fail = false;
      expect(await host.load('edu-test-lazy-later')).to.equal(true);
      expect(customElements.get('edu-test-lazy-later')).to.equal(Later);
      expect(await host.load('edu-test-lazy-later')).to.equal(true);
      expect(loads).to.equal(2);
    } finally {
      setNotifier(restore);
    }
  });

  it('emits bubbling, composed events, cancelable on request, and says whether a listener vetoed them', async () => {
    @customElement('edu-test-emitter')
    class Emitter extends EduElement {
      close(cancelable: boolean): boolean {
        const detail: EduCloseDetail = { source: 'api' };
        return this.emit('edu-close', detail, { cancelable });
      }

      wrongDetail(): void {
        // @ts-expect-error: `edu-close` carries a source, and a misspelled one does not compile.
        this.emit('edu-close', { sourc: 'api' });
        // @ts-expect-error: an event that is not in HTMLElementEventMap cannot be emitted.
        this.emit('edu-no-such-event', null);
      }
    }
    const parent = await fixture<HTMLDivElement>(html`<div><edu-test-emitter></edu-test-emitter></div>`);
    const el = parent.querySelector('edu-test-emitter') as Emitter;
    const seen: Array<{ bubbles: boolean; composed: boolean; cancelable: boolean; detail: unknown }> = [];
    parent.addEventListener('edu-close', (event) => {
      seen.push({
        bubbles: event.bubbles,
        composed: event.composed,
        cancelable: event.cancelable,
        detail: event.detail,
      });
      event.preventDefault();
    });
    expect(el.close(false)).to.equal(true);
    expect(el.close(true)).to.equal(false);
    expect(seen).to.deep.equal([
      { bubbles: true, composed: true, cancelable: false, detail: { source: 'api' } },
      { bubbles: true, composed: true, cancelable: true, detail: { source: 'api' } },
    ]);
  });

  it('hides a host with `hidden` whatever display the page gives it', async () => {
    @customElement('edu-test-hidden')
    class Hidden extends EduElement {
      // Only its own styles: the shared host styles come from the base.
      static override styles = css`
        :host {
          display: flex;
        }
      `;
    }
    const el = await fixture<Hidden>(html`<edu-test-hidden hidden style="display: block"></edu-test-hidden>`);
    expect(getComputedStyle(el).display).to.equal('none');
    el.hidden = false;
    expect(getComputedStyle(el).display).to.equal('block');
  });
});
