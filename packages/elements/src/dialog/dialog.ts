import { html, nothing, svg, type ComplexAttributeConverter, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { styleMap, type StyleInfo } from 'lit/directives/style-map.js';
import { msg } from '@lit/localize';
import { DialogHost } from '../internal/dialog-host.ts';
import { DialogOverlayController } from '../internal/dialog-overlay.ts';
import { EduElement } from '../internal/edu-element.ts';
import type { EduCloseSource } from '../internal/events.ts';
import { dialogStyles } from './dialog.styles.ts';

/** Named placements of spec part 2 §2 "Generic dialog". */
export type DialogPlacement = 'middle' | 'left' | 'right' | 'top' | 'bottom' | 'tr';
/** One side of an explicit placement: a number is pixels, a string any CSS length, `null` or `'auto'` leaves it free. */
export type DialogInset = number | string | null;
/** `[top, right, bottom, left]`, as in the spec's array form. */
export type DialogInsets = [DialogInset, DialogInset, DialogInset, DialogInset];
export type DialogPosition = DialogPlacement | DialogInsets;

const PLACEMENTS: readonly DialogPlacement[] = ['middle', 'left', 'right', 'top', 'bottom', 'tr'];

/** Pixels moved per arrow key press; Shift moves further. */
const KEY_STEP = 10;
const KEY_STEP_LARGE = 50;

/** `position="middle"` or `position="10px,auto,auto,20%"` (top, right, bottom, left). */
export const positionConverter: ComplexAttributeConverter<DialogPosition> = {
  fromAttribute(value: string | null): DialogPosition {
    const text = (value ?? '').trim();
    if (text.includes(',')) {
      const sides = text.split(',').map((side): DialogInset => {
        const s = side.trim();
        if (!s || s === 'auto') return null;
        return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
      });
      if (sides.length === 4) return sides as DialogInsets;
    }
    return (PLACEMENTS as readonly string[]).includes(text) ? (text as DialogPlacement) : 'middle';
  },
  toAttribute(value: DialogPosition): string {
    return Array.isArray(value) ? value.map((side) => side ?? 'auto').join(',') : value;
  },
};

/** Attributes that switch a default-on behaviour off (`no-escape`), read as the positive property. */
const absentMeansTrue: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value: string | null) => value === null,
  toAttribute: (value: boolean) => (value ? null : ''),
};

/** `modal` is on unless the attribute says `modal="false"`. */
const modalConverter: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value: string | null) => value === null || value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean) => (value ? null : 'false'),
};

/**
 * 60 % of the window (spec part 2 §2), but on a narrow screen nearly its full width: 60 % of a 375 px phone is 225 px,
 * too narrow for a footer of buttons.
 */
const DEFAULT_WIDTH = 'max(60%, min(100% - 24px, 560px))';

/**
 * A side of the placement as a length in `calc()`. A free side keeps a 16 px margin from the window's edge, so a long
 * dialog (a form of 40 fields at 1366×768) does not run into the bottom edge.
 */
function insetLength(side: string, free = '16px'): string {
  return side === 'auto' ? free : `(${side})`;
}

function cssLength(side: DialogInset): string {
  if (side === null || side === 'auto' || side === '') return 'auto';
  return typeof side === 'number' ? `${side}px` : side;
}

const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.3 2.3 8 7l4.7-4.7 1 1L9 8l4.7 4.7-1 1L8 9l-4.7 4.7-1-1L7 8 2.3 3.3z"/></svg>`;
const moveIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 0 5.5 2.5h1.75V7.25H2.5V5.5L0 8l2.5 2.5V8.75h4.75v4.75H5.5L8 16l2.5-2.5H8.75V8.75h4.75v1.75L16 8l-2.5-2.5v1.75H8.75V2.5h1.75z"/></svg>`;

/**
 * A dialog to spec part 2 §2 "Generic dialog": title, close button, body, optional footer; six placements or
 * explicit sides; 60 % wide and 15 % from the top by default; the body at most the window height − 180 px; dragged by
 * its header and kept inside the viewport, also from the keyboard; the whole dialog stays inside the window (the body
 * scrolls, the footer stays on screen); Escape and, optionally, a backdrop click close it.
 * Modal dialogs live in the top layer through the page's one overlay stack (only the top one hears Escape; focus
 * stays inside and returns on close; scrolling is locked without moving the page).
 *
 * @summary Generic dialog of the portal kit.
 * @tagname edu-dialog
 *
 * @slot - The dialog's content.
 * @slot title - The title, when it needs more than the `title` text.
 * @slot footer - Actions under the body, usually buttons. The footer is not rendered when the slot is empty.
 *
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: 'close-button' | 'escape' | 'backdrop' | 'api'}>} edu-request-close - The user or
 *   `requestClose()` asks to close it. Cancelable: `preventDefault()` keeps it open (a form with unsaved changes).
 *   `hide()` closes without asking (it asked until the dialog host gave every dialog element one meaning).
 * @fires {CustomEvent<{source: 'close-button' | 'escape' | 'backdrop' | 'api'}>} edu-close - The dialog closed.
 *
 * @csspart dialog - The native `<dialog>` element.
 * @csspart header - The header, which is also the drag handle.
 * @csspart move - The move button in the header, focusable, moved with the arrow keys.
 * @csspart title - The title heading.
 * @csspart close - The close button.
 * @csspart body - The scrolling body around the default slot.
 * @csspart footer - The footer around the `footer` slot.
 *
 * @cssprop [--edu-dialog-width=max(60%, min(100% - 24px, 560px))] - Width when the `width` property is not set: 60 %,
 *   nearly the full width on a narrow screen.
 * @cssprop [--edu-dialog-top=15%] - Distance from the top in the `middle` placement when `top` is not set.
 * @cssprop [--edu-dialog-max-width=100vw] - Largest width.
 * @cssprop [--edu-dialog-body-max-height=calc(100vh - 180px)] - Largest body height before it scrolls.
 * @cssprop [--edu-dialog-background=#fff] - Background.
 * @cssprop [--edu-dialog-color=#303133] - Text colour.
 * @cssprop [--edu-dialog-radius=4px] - Corner radius.
 * @cssprop [--edu-dialog-shadow] - Box shadow.
 * @cssprop [--edu-dialog-backdrop=rgb(0 0 0 / 0.5)] - Backdrop of a modal dialog.
 * @cssprop [--edu-dialog-fade-duration=200ms] - Fade in and out (none when the user prefers reduced motion).
 * @cssprop [--edu-dialog-title-size=18px] - Title font size.
 * @cssprop [--edu-dialog-header-padding=16px 16px 10px 20px] - Header padding.
 * @cssprop [--edu-dialog-body-padding=10px 20px 20px] - Body padding.
 * @cssprop [--edu-dialog-footer-padding=10px 20px 20px] - Footer padding.
 * @cssprop [--edu-dialog-icon-color=#606266] - Colour of the header buttons.
 * @cssprop [--edu-color-primary] - Hover and focus colour.
 * @cssprop [--edu-z-dialog=1500] - Stacking order, used only when the dialog is not modal (rendered inline).
 */
export class EduDialog extends DialogHost(EduElement) {
  static override styles = dialogStyles;

  /** The title text (the `title` slot overrides it). */
  @property() override title = '';

  /**
   * `middle` (centred, `top` from the top), `left`, `right`, `top`, `bottom`, `tr` (top-right corner), or
   * `[top, right, bottom, left]`; as an attribute a comma list such as `80px,auto,auto,40px`.
   */
  @property({ converter: positionConverter }) position: DialogPosition = 'middle';

  /** CSS width; unset means `--edu-dialog-width`, whose default is 60 %. */
  @property() width?: string;

  /** CSS distance from the top in the `middle` placement; unset means `--edu-dialog-top`, default 15 %. */
  @property() top?: string;

  /** Whether it is modal (top layer, page inert, scroll locked). Attribute `modal="false"` renders it inline. */
  @property({ converter: modalConverter }) modal = true;

  /** Whether Escape closes it (attribute `no-escape` turns it off). */
  @property({ attribute: 'no-escape', converter: absentMeansTrue }) closeOnEscape = true;

  /** Whether a click on the backdrop closes it. */
  @property({ attribute: 'close-on-backdrop', type: Boolean }) closeOnBackdrop = false;

  /**
   * Stays above every modal dialog opened after it and keeps focus while open (the login dialog: a dialog whose
   * content was loading when the session expired opens under it). Only for modal dialogs.
   */
  @property({ type: Boolean }) topmost = false;

  /** Turns off moving the dialog by its header and from the keyboard. */
  @property({ attribute: 'no-drag', type: Boolean, reflect: true }) noDrag = false;

  /** Where the user moved it to (viewport pixels); `null` is the placement's own spot. Reset on every open. */
  @state() private offset: { x: number; y: number } | null = null;

  @state() private hasFooter = false;
  @state() private hasTitleSlot = false;

  @query('dialog') private dialogEl!: HTMLDialogElement;

  private readonly overlay = new DialogOverlayController(this, {
    dialog: () => this.dialogEl,
    modal: () => this.modal,
    topmost: () => this.topmost,
    onEscape: () => {
      if (this.closeOnEscape) void this.requestClose('escape');
    },
    onNativeClose: () => this.closedBy('api'),
  });

  private drag: { pointerId: number; dx: number; dy: number } | null = null;
  private backdropPress = false;

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.onResize);
    // Put back on screen after a move in the document (the controller let go on disconnect).
    if (this.hasUpdated && this.open) void this.updateComplete.then(() => this.syncOpen());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.onResize);
  }

  /** Puts a dragged dialog back at its placement. */
  resetPosition(): void {
    this.offset = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Every opening starts at the placement (a dragged position is not remembered, element-plus#17699).
    if (changed.has('open') && this.open && !this.overlay.open) this.offset = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open')) this.syncOpen();
  }

  private syncOpen(): void {
    if (this.open && !this.overlay.open && this.isConnected) {
      this.overlay.show();
      this.dialogOpened();
    } else if (!this.open && this.overlay.open) {
      this.overlay.hide();
      this.closedBy(this.closeSource);
    }
    this.closeSource = 'api';
  }

  private closedBy(source: EduCloseSource): void {
    this.open = false;
    this.drag = null;
    this.dialogClosed(source);
  }

  // ----- backdrop --------------------------------------------------------------------------------------------

  private isOnBackdrop(event: MouseEvent): boolean {
    // The dialog's own box is covered by its parts, so an event aimed at the element itself outside its rectangle
    // came from the ::backdrop.
    if (event.composedPath()[0] !== this.dialogEl) return false;
    const r = this.dialogEl.getBoundingClientRect();
    return event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom;
  }

  private onDialogPointerDown = (event: PointerEvent) => {
    this.backdropPress = this.isOnBackdrop(event);
  };

  private onDialogClick = (event: MouseEvent) => {
    // Press and release both on the backdrop: a text selection dragged out of the dialog does not close it.
    const fromBackdrop = this.backdropPress && this.isOnBackdrop(event);
    this.backdropPress = false;
    if (fromBackdrop && this.closeOnBackdrop && this.modal) void this.requestClose('backdrop');
  };

  // ----- moving ----------------------------------------------------------------------------------------------

  private clamp(x: number, y: number): { x: number; y: number } {
    const rect = this.dialogEl.getBoundingClientRect();
    const maxX = document.documentElement.clientWidth - rect.width;
    const maxY = document.documentElement.clientHeight - rect.height;
    // Larger than the viewport: pinned to the top left, so the header (the handle) stays reachable.
    return { x: Math.max(0, Math.min(x, maxX)), y: Math.max(0, Math.min(y, maxY)) };
  }

  private moveTo(x: number, y: number): void {
    this.offset = this.clamp(x, y);
  }

  private onHeaderPointerDown = (event: PointerEvent) => {
    if (this.noDrag || event.button !== 0 || !event.isPrimary) return;
    // Controls in the header (the close button, links in a slotted title) keep their clicks; the move handle drags.
    const header = event.currentTarget as HTMLElement;
    for (const node of event.composedPath()) {
      if (node === header) break;
      if (
        node instanceof HTMLElement &&
        node.matches('a, button:not(.move), input, select, textarea, [contenteditable]')
      ) {
        return;
      }
    }
    const rect = this.dialogEl.getBoundingClientRect();
    this.drag = { pointerId: event.pointerId, dx: event.clientX - rect.left, dy: event.clientY - rect.top };
    header.setPointerCapture(event.pointerId);
    event.preventDefault();
  };

  private onHeaderPointerMove = (event: PointerEvent) => {
    if (!this.drag || event.pointerId !== this.drag.pointerId) return;
    this.moveTo(event.clientX - this.drag.dx, event.clientY - this.drag.dy);
  };

  private onHeaderPointerUp = (event: PointerEvent) => {
    if (!this.drag || event.pointerId !== this.drag.pointerId) return;
    this.drag = null;
    (event.currentTarget as HTMLElement).releasePointerCapture(event.pointerId);
  };

  private onMoveKeyDown = (event: KeyboardEvent) => {
    if (this.noDrag) return;
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (event.key === 'Home') {
      this.offset = null;
    } else if (moves[event.key]) {
      const [dx, dy] = moves[event.key]!;
      const rect = this.dialogEl.getBoundingClientRect();
      this.moveTo(rect.left + dx, rect.top + dy);
    } else {
      return;
    }
    event.preventDefault();
  };

  private onResize = () => {
    if (this.open && this.offset) this.moveTo(this.offset.x, this.offset.y);
  };

  // ----- rendering -------------------------------------------------------------------------------------------

  private placementStyle(): StyleInfo {
    const width = this.width || `var(--edu-dialog-width, ${DEFAULT_WIDTH})`;
    const top = this.top || 'var(--edu-dialog-top, 15%)';
    // Where the user dragged it, the window's edge is the limit.
    const free = this.offset ? '0px' : '16px';
    const box = (t: string, r: string, b: string, l: string, margin: string): StyleInfo => ({
      width,
      top: t,
      right: r,
      bottom: b,
      left: l,
      margin,
      // Whatever its content, the dialog ends inside the window: below its top, above its bottom (or a margin).
      'max-height': `calc(100% - ${insetLength(t, free)} - ${insetLength(b, free)})`,
    });
    if (this.offset) return box(`${this.offset.y}px`, 'auto', 'auto', `${this.offset.x}px`, '0');
    const position = this.position;
    if (Array.isArray(position)) {
      const [t, r, b, l] = position.map(cssLength) as [string, string, string, string];
      const freeX = r === 'auto' && l === 'auto';
      const freeY = t === 'auto' && b === 'auto';
      // A side pair left free keeps the default of that axis: centred across, `top` down.
      return box(freeY ? top : t, freeX ? '0' : r, b, freeX ? '0' : l, freeX ? '0 auto' : '0');
    }
    switch (position) {
      case 'left':
        return box('0', 'auto', '0', '0', 'auto 0');
      case 'right':
        return box('0', '0', '0', 'auto', 'auto 0');
      case 'top':
        return box('0', '0', 'auto', '0', '0 auto');
      case 'bottom':
        return box('auto', '0', '0', '0', '0 auto');
      case 'tr':
        return box('0', '0', 'auto', 'auto', '0');
      default:
        return box(top, '0', 'auto', '0', '0 auto');
    }
  }

  private onTitleSlotChange = (event: Event) => {
    this.hasTitleSlot = (event.target as HTMLSlotElement).assignedNodes({ flatten: true }).length > 0;
  };

  private onFooterSlotChange = (event: Event) => {
    this.hasFooter = (event.target as HTMLSlotElement).assignedNodes({ flatten: true }).length > 0;
  };

  protected override render() {
    const named = this.hasTitleSlot || this.title.trim() !== '';
    const movable = !this.noDrag;
    return html`
      <dialog
        part="dialog"
        class="dialog"
        tabindex="-1"
        title=""
        aria-labelledby=${named ? 'title' : nothing}
        aria-label=${named ? nothing : msg('对话框', { id: 'dialog.label' })}
        style=${styleMap(this.placementStyle())}
        @pointerdown=${this.onDialogPointerDown}
        @click=${this.onDialogClick}
      >
        <div
          part="header"
          class="header"
          @pointerdown=${this.onHeaderPointerDown}
          @pointermove=${this.onHeaderPointerMove}
          @pointerup=${this.onHeaderPointerUp}
          @pointercancel=${this.onHeaderPointerUp}
        >
          ${
            movable
              ? html`<button
                  part="move"
                  class="move"
                  type="button"
                  aria-label=${msg('移动对话框', { id: 'dialog.move' })}
                  aria-describedby="move-hint"
                  @keydown=${this.onMoveKeyDown}
                >
                  ${moveIcon}
                </button>`
              : nothing
          }
          <h2 part="title" class="title" id="title" aria-hidden=${named ? nothing : 'true'}>
            <slot name="title" @slotchange=${this.onTitleSlotChange}>${this.title}</slot>
          </h2>
          <button
            part="close"
            class="close"
            type="button"
            aria-label=${msg('关闭', { id: 'dialog.close' })}
            @click=${() => void this.requestClose('close-button')}
          >
            ${closeIcon}
          </button>
        </div>
        <div part="body" class="body"><slot></slot></div>
        <div part="footer" class="footer" ?hidden=${!this.hasFooter}>
          <slot name="footer" @slotchange=${this.onFooterSlotChange}></slot>
        </div>
        <span id="move-hint" hidden
          >${msg('按方向键移动对话框，按住 Shift 键移动更远，按 Home 键回到原位。', { id: 'dialog.moveHint' })}</span
        >
      </dialog>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-dialog': EduDialog;
  }
}
