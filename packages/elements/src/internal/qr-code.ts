/**
 * QR codes drawn in the page (no image service, no network): `uqr` encodes the text into a module matrix and this
 * turns the dark modules into one SVG path, bound as an attribute value (never as HTML). The encoder loads the first
 * time a code is shown (size budgets: a login form without the QR tab open never pays for it).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { until } from 'lit/directives/until.js';

/** The quiet zone the QR standard asks for, in modules. */
const QUIET_ZONE = 4;

interface QrDrawing {
  size: number;
  path: string;
}

const cache = new Map<string, Promise<QrDrawing>>();

/** The matrix of `text` as an SVG path of unit squares, with the quiet zone included in `size`. */
export function qrDrawing(text: string): Promise<QrDrawing> {
  const known = cache.get(text);
  if (known) return known;
  // One promise per text, so a re-render hands `until` the same promise and the code does not flicker.
  const drawing = import('uqr').then(({ encode }) => draw(encode, text));
  if (cache.size > 32) cache.clear();
  cache.set(text, drawing);
  return drawing;
}

function draw(encode: typeof import('uqr').encode, text: string): QrDrawing {
  // Level M survives a smudged or partly covered screen better than the default L, and login URLs stay small.
  const { size, data } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  let path = '';
  for (let y = 0; y < size; y++) {
    const row = data[y]!;
    for (let x = 0; x < size; x++) {
      // A run of dark modules becomes one rectangle: fewer path commands, no hairline seams between modules.
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < size && row[end + 1]) end++;
      path += `M${x} ${y}h${end - x + 1}v1H${x}z`;
      x = end;
    }
  }
  return { size, path };
}

/**
 * An `<svg role="img">` QR code of `text`, named by `label` and described by the element `describedBy` names; a busy
 * blank square of the same size while the encoder loads.
 */
export function qrCode(text: string, label: string, describedBy?: string): TemplateResult {
  const loading = html`<span class="qr-code" role="img" aria-label=${label} aria-busy="true"></span>`;
  return html`${until(
    qrDrawing(text).then((drawing) => qrSvg(drawing, label, describedBy)),
    loading,
  )}`;
}

function qrSvg({ size, path }: QrDrawing, label: string, describedBy?: string): TemplateResult {
  return html`<svg
    part="qr-code"
    class="qr-code"
    role="img"
    aria-label=${label}
    aria-describedby=${describedBy ?? nothing}
    viewBox="0 0 ${size} ${size}"
    shape-rendering="crispEdges"
    focusable="false"
  >
    <rect width=${size} height=${size} fill="#fff"></rect>
    <path d=${path} fill="#000"></path>
  </svg>`;
}
