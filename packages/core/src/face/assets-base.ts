/**
 * Where the face detector fetches its model and wasm files (`{base}model/…`, `{base}wasm/…`): `/face-assets/` of the
 * site unless configured. A module of its own, without the detector, so the drop-in files can point it next to
 * themselves at start (`face-assets/` beside `edu-elements.js`) at no cost.
 */
let assetsBase = '/face-assets/';

/** Where the host serves the face assets (`model/` and `wasm/` below it); relative URLs resolve against the page. */
export function setFaceAssetsBase(base: string): void {
  assetsBase = base.endsWith('/') ? base : `${base}/`;
}

export function faceAssetsBase(): string {
  return assetsBase;
}
