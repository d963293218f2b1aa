import { html, nothing, svg } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { EduElement } from '../internal/edu-element.ts';
import { emptyStyles } from './empty.styles.ts';

/** Pictures of spec part 2 §2 "Empty-data block". */
export type EmptyType = 'default' | 'desktop' | 'dashboard';

const EMPTY_TYPES: readonly EmptyType[] = ['default', 'desktop', 'dashboard'];

// Colours come from custom properties so a theme can tint the pictures; the pictures are decoration only.
const f1 = 'var(--edu-empty-fill-1, #f2f4f7)';
const f2 = 'var(--edu-empty-fill-2, #e4e7ed)';
const f3 = 'var(--edu-empty-fill-3, #d3d8e0)';
const accent = 'var(--edu-empty-accent, #a9c1ea)';

const pictures: Record<EmptyType, ReturnType<typeof svg>> = {
  // An open, empty tray.
  default: svg`
    <ellipse cx="80" cy="106" rx="62" ry="8" fill=${f1} />
    <path d="M38 56 58 30h44l20 26z" fill=${f2} />
    <path d="M38 56h26a16 9 0 0 0 32 0h26v40a5 5 0 0 1-5 5H43a5 5 0 0 1-5-5z" fill=${f3} />
    <path d="M64 56a16 9 0 0 0 32 0" fill="none" stroke=${f1} stroke-width="2" />
    <path d="M80 8v12M60 14l5 9M100 14l-5 9" stroke=${accent} stroke-width="3" stroke-linecap="round" />`,
  // A monitor whose desktop has no app icons yet (dashed outlines where icons go).
  desktop: svg`
    <ellipse cx="80" cy="108" rx="58" ry="7" fill=${f1} />
    <rect x="22" y="10" width="116" height="76" rx="6" fill=${f3} />
    <rect x="28" y="16" width="104" height="62" rx="2" fill=${f1} />
    <path d="M70 86h20l4 12H66z" fill=${f2} />
    <rect x="54" y="97" width="52" height="6" rx="3" fill=${f3} />
    <g fill="none" stroke=${accent} stroke-width="2" stroke-dasharray="4 3">
      <rect x="40" y="28" width="18" height="18" rx="4" />
      <rect x="71" y="28" width="18" height="18" rx="4" />
      <rect x="102" y="28" width="18" height="18" rx="4" />
    </g>
    <rect x="40" y="54" width="80" height="5" rx="2.5" fill=${f2} />
    <rect x="40" y="64" width="52" height="5" rx="2.5" fill=${f2} />`,
  // A board with an empty chart and an empty gauge.
  dashboard: svg`
    <ellipse cx="80" cy="108" rx="62" ry="7" fill=${f1} />
    <rect x="16" y="12" width="128" height="88" rx="6" fill=${f3} />
    <rect x="22" y="18" width="72" height="76" rx="3" fill=${f1} />
    <rect x="100" y="18" width="38" height="36" rx="3" fill=${f1} />
    <rect x="100" y="58" width="38" height="36" rx="3" fill=${f1} />
    <path d="M32 28v56h54" fill="none" stroke=${f2} stroke-width="3" stroke-linecap="round" />
    <g fill="none" stroke=${accent} stroke-width="2" stroke-dasharray="4 3">
      <rect x="40" y="60" width="10" height="22" rx="1" />
      <rect x="56" y="48" width="10" height="34" rx="1" />
      <rect x="72" y="38" width="10" height="44" rx="1" />
    </g>
    <path d="M106 44a13 13 0 0 1 26 0" fill="none" stroke=${accent} stroke-width="4" stroke-linecap="round" />
    <rect x="106" y="68" width="26" height="4" rx="2" fill=${f2} />
    <rect x="106" y="78" width="18" height="4" rx="2" fill=${f2} />`,
};

/**
 * The empty-data block of spec part 2 §2: "暂无数据" / "No data" (or the host's own text) under a picture chosen by
 * type: `default`, `desktop` or `dashboard`. The picture is decoration, hidden from assistive technology; the text
 * is what is read.
 *
 * @summary Empty-data block.
 * @tagname edu-empty
 *
 * @slot - Extra content under the text, such as a button to add the first record.
 * @slot image - A picture of the host's own, instead of the built-in one.
 * @slot description - Text with markup, instead of `description`.
 *
 * @csspart base - The centred column.
 * @csspart image - The picture's box.
 * @csspart description - The text.
 * @csspart extra - The box around the default slot (not rendered while the slot is empty).
 *
 * @cssprop [--edu-empty-image-size=160px] - Width of the picture.
 * @cssprop [--edu-empty-color=#6b6e75] - Text colour (Element Plus's #909399 is below 4.5:1 on white).
 * @cssprop [--edu-empty-font-size=14px] - Text size.
 * @cssprop [--edu-empty-padding=40px 0] - Padding around the block.
 * @cssprop [--edu-empty-fill-1=#f2f4f7] - Lightest colour of the pictures.
 * @cssprop [--edu-empty-fill-2=#e4e7ed] - Middle colour of the pictures.
 * @cssprop [--edu-empty-fill-3=#d3d8e0] - Darkest colour of the pictures.
 * @cssprop [--edu-empty-accent=#a9c1ea] - Accent colour of the pictures.
 */
export class EduEmpty extends EduElement {
  static override styles = emptyStyles;

  /** The text; empty means the localised "暂无数据" / "No data". */
  @property() description = '';

  /** The picture: `default`, `desktop` or `dashboard`; anything else is `default`. */
  @property({ reflect: true }) type: EmptyType = 'default';

  /** Width of the picture in pixels; unset means `--edu-empty-image-size`. */
  @property({ attribute: 'image-size', type: Number }) imageSize?: number;

  @state() private hasExtra = false;

  private onExtraSlotChange = (event: Event) => {
    this.hasExtra = (event.target as HTMLSlotElement)
      .assignedNodes({ flatten: true })
      .some((node) => node.nodeType === Node.ELEMENT_NODE || !!node.textContent?.trim());
  };

  protected override render() {
    const type = EMPTY_TYPES.includes(this.type) ? this.type : 'default';
    const size = this.imageSize && this.imageSize > 0 ? `width:${this.imageSize}px` : nothing;
    return html`
      <div part="base" class="base">
        <div part="image" class="image" style=${size}>
          <slot name="image">
            <svg viewBox="0 0 160 120" aria-hidden="true" focusable="false">${pictures[type]}</svg>
          </slot>
        </div>
        <p part="description" class="description">
          <slot name="description">${this.description || msg('暂无数据', { id: 'empty.noData' })}</slot>
        </p>
        <div part="extra" class="extra" ?hidden=${!this.hasExtra}>
          <slot @slotchange=${this.onExtraSlotChange}></slot>
        </div>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-empty': EduEmpty;
  }
}
