/**
 * Entry of the drop-in bundle `dist/cdn/edu-elements.js` for plain (legacy) pages: one `<script type="module">`
 * defines every element, installs `<edu-notice>` as core's notifier, and exposes the kit on `window.EduPortal` for
 * inline scripts. Pages that use a few elements load `edu-autoloader.js` instead (see `autoloader.ts`).
 */
import * as core from '@edu-portal/core';
// The drop-in files convert server texts to traditional Chinese for zh-HK (opencc-js, loaded only then).
import '@edu-portal/core/traditional.ts';
import { setFaceAssetsBase } from '@edu-portal/core/face/assets-base.ts';
import * as elements from './index.ts';
import { kit, type EduPortalGlobal, type EduPortalKit } from './kit.ts';

export type { EduPortalGlobal, EduPortalKit } from './kit.ts';

// The face detector's model and wasm files sit beside the drop-in files (dist/cdn/face-assets/), wherever the page
// serves them from; `assets-base` or `setFaceAssetsBase` still choose another place.
const faceAssetsDir = 'face-assets/';
setFaceAssetsBase(new URL(faceAssetsDir, import.meta.url).href);

// Everything is here already, so `core` is the whole core.
const full: EduPortalKit & { core: typeof core } = { ...kit, core, loadCore: () => Promise.resolve(core) };

// A second bundle on the page keeps the first one's object rather than swapping it under running scripts.
window.EduPortal ??= { ...full, elements, ready: Promise.resolve(full) } satisfies EduPortalGlobal;

export { core, elements };
export const notice = elements.notice;
