/**
 * Entry of `edu-autoloader.js` for plain pages: a small script that loads and defines each `<edu-…>` element the
 * first time one appears in the document (or in the shadow root of an element of the kit), so a page pays only for
 * the elements it uses. `window.EduPortal.ready` resolves with the core, the notice API and `setLanguage` once
 * they are loaded (the same promise the full bundle `edu-elements.js` offers, resolved at once there).
 */
import type { EduTagName } from './define.ts';
// The drop-in files convert server texts to traditional Chinese for zh-HK (opencc-js, loaded only then).
import '@edu-portal/core/traditional.ts';
import { setFaceAssetsBase } from '@edu-portal/core/face/assets-base.ts';
import { defineElement } from './internal/define-element.ts';
import type { EduPortalKit } from './kit.ts';

type Loader = () => Promise<CustomElementConstructor>;

// The face detector's model and wasm files sit beside the drop-in files (dist/cdn/face-assets/), wherever the page
// serves them from; `assets-base` or `setFaceAssetsBase` still choose another place. (A variable, so the build leaves
// the URL to the browser rather than looking for the folder as an asset.)
const faceAssetsDir = 'face-assets/';
setFaceAssetsBase(new URL(faceAssetsDir, import.meta.url).href);

/** Tag → the module of its element, loaded on first use (one chunk per element; shared code in shared chunks). */
export const elementLoaders: Record<EduTagName, Loader> = {
  'edu-about-dialog': () => import('./about-dialog/about-dialog.ts').then((m) => m.EduAboutDialog),
  'edu-chart': () => import('./chart/chart.ts').then((m) => m.EduChart),
  'edu-child-dialog': () => import('./child-dialog/child-dialog.ts').then((m) => m.EduChildDialog),
  'edu-color-picker': () => import('./color-picker/color-picker.ts').then((m) => m.EduColorPicker),
  'edu-desktop': () => import('./desktop/desktop.ts').then((m) => m.EduDesktop),
  'edu-dialog': () => import('./dialog/dialog.ts').then((m) => m.EduDialog),
  'edu-download-dialog': () => import('./download-dialog/download-dialog.ts').then((m) => m.EduDownloadDialog),
  'edu-empty': () => import('./empty/empty.ts').then((m) => m.EduEmpty),
  'edu-footer': () => import('./footer/footer.ts').then((m) => m.EduFooter),
  'edu-form-dialog': () => import('./form-dialog/form-dialog.ts').then((m) => m.EduFormDialog),
  'edu-header': () => import('./header/header.ts').then((m) => m.EduHeader),
  'edu-licence-dialog': () => import('./licence-dialog/licence-dialog.ts').then((m) => m.EduLicenceDialog),
  'edu-login-box': () => import('./login-box/login-box.ts').then((m) => m.EduLoginBox),
  'edu-login-dialog': () => import('./login-dialog/login-dialog.ts').then((m) => m.EduLoginDialog),
  'edu-message-dialog': () => import('./message-dialog/message-dialog.ts').then((m) => m.EduMessageDialog),
  'edu-module-expiry-dialog': () => import('./module-expiry/module-expiry.ts').then((m) => m.EduModuleExpiryDialog),
  'edu-notice': () => import('./notice/notice.ts').then((m) => m.EduNotice),
  'edu-paged-list': () => import('./paged-list/paged-list.ts').then((m) => m.EduPagedList),
  'edu-side-menu': () => import('./side-menu/side-menu.ts').then((m) => m.EduSideMenu),
  'edu-theme-background': () => import('./theme-background/theme-background.ts').then((m) => m.EduThemeBackground),
  'edu-theme-dialog': () => import('./theme-dialog/theme-dialog.ts').then((m) => m.EduThemeDialog),
  'edu-todo-panel': () => import('./todo-panel/todo-panel.ts').then((m) => m.EduTodoPanel),
  'edu-upload': () => import('./upload/upload.ts').then((m) => m.EduUpload),
  'edu-viewport': () => import('./viewport/viewport.ts').then((m) => m.EduViewport),
  'edu-face': () => import('./face/face.ts').then((m) => m.EduFace),
  'edu-voice-recorder': () => import('./voice-recorder/voice-recorder.ts').then((m) => m.EduVoiceRecorder),
};

const loading = new Map<string, Promise<void>>();

const isKitTag = (tag: string): tag is EduTagName => Object.hasOwn(elementLoaders, tag);

/** Loads and defines one element; a failed load may be tried again when the tag appears again. */
export function loadElement(tag: EduTagName): Promise<void> {
  let pending = loading.get(tag);
  if (!pending) {
    pending = elementLoaders[tag]().then(
      (element) => defineElement(tag, element),
      (error: unknown) => {
        loading.delete(tag);
        console.error(`edu-autoloader: could not load <${tag}>`, error);
      },
    );
    loading.set(tag, pending);
  }
  return pending;
}

const watched = new WeakSet<Node>();
const observer = new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) discover(node);
});

/** Loads every undefined kit element in `root` (itself included), and watches its kit elements' shadow roots. */
export function discover(root: Element | Document | ShadowRoot): void {
  const found: Element[] = root instanceof Element ? [root, ...root.querySelectorAll(':not(:defined)')] : [];
  if (!(root instanceof Element)) found.push(...root.querySelectorAll(':not(:defined)'));
  for (const element of found) {
    const tag = element.localName;
    if (!isKitTag(tag)) continue;
    if (!customElements.get(tag)) void loadElement(tag);
    void customElements.whenDefined(tag).then(() => watchShadow(element));
  }
}

/** Elements of the kit define what they render themselves; this also covers what a page slots or adds later. */
async function watchShadow(element: Element): Promise<void> {
  await (element as Element & { updateComplete?: Promise<unknown> }).updateComplete;
  const shadow = element.shadowRoot;
  if (!shadow || watched.has(shadow)) return;
  watched.add(shadow);
  discover(shadow);
  observer.observe(shadow, { childList: true, subtree: true });
}

/** Starts watching the document (once). */
export function startAutoloader(doc: Document = document): void {
  if (watched.has(doc)) return;
  watched.add(doc);
  discover(doc);
  observer.observe(doc.documentElement, { childList: true, subtree: true });
}

let kit: Promise<EduPortalKit> | undefined;

// The kit's script API, loaded when a page first reads `EduPortal.ready` (a page using elements only never pays for
// the whole core); a full bundle loaded first keeps its own object.
window.EduPortal ??= {
  get ready() {
    return (kit ??= import('./kit.ts').then((m) => m.kit));
  },
};

startAutoloader();
