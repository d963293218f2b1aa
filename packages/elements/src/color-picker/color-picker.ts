import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { styleMap } from 'lit/directives/style-map.js';
import { msg, str } from '@lit/localize';
import type { Placement } from '../internal/placement.ts';
import { DEFAULT_THEME_COLOR } from '@edu-portal/core/theme/constants.ts';
import { usableThemeColor } from '@edu-portal/core/theme/theme.ts';
import { EduElement } from '../internal/edu-element.ts';
import { PopupController } from '../internal/popup-controller.ts';
import { colorPickerStyles } from './color-picker.styles.ts';
import {
  DEFAULT_COLOR,
  FONT_FAMILIES,
  FONT_SIZES,
  FONT_STACKS,
  type ColorSwatch,
  type GridSwatch,
  defaultStandardColors,
  defaultThemeColors,
  fontFamilyLabel,
  themeModeColors,
  normalizeColor,
  themeGrid,
} from './palette.ts';

export type { ColorSwatch } from './palette.ts';
export { DEFAULT_COLOR, FONT_SIZES, FONT_FAMILIES } from './palette.ts';

/** Detail of `edu-change` (spec part 2 §3 "Colour picker change event"). */
export interface EduColorChangeDetail {
  /** `#rrggbb`, lower case. */
  color: string;
  /** `12px` … `20px`. */
  fontSize: string;
  /** A CSS family name such as `KaiTi`, or `''` for the page's font. */
  fontFamily: string;
}
export type EduColorChangeEvent = CustomEvent<EduColorChangeDetail>;

/** Placements the panel may start from; it flips to the other side when there is no room. */
export type ColorPickerPlacement = Extract<Placement, 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end'>;

type Group = 'theme' | 'standard';

const caretIcon = svg`<svg viewBox="0 0 10 10" aria-hidden="true" focusable="false"><path d="M1 3h8L5 7.5z"/></svg>`;
const paletteIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 1a7 7 0 0 0 0 14c1 0 1.6-.6 1.6-1.4 0-.4-.2-.7-.4-1-.2-.3-.4-.6-.4-1 0-.8.6-1.4 1.4-1.4h1.6A3.2 3.2 0 0 0 15 7c0-3.3-3.1-6-7-6zm-4 7a1.1 1.1 0 1 1 0-2.2A1.1 1.1 0 0 1 4 8zm2-3a1.1 1.1 0 1 1 0-2.2A1.1 1.1 0 0 1 6 5zm4 0a1.1 1.1 0 1 1 0-2.2A1.1 1.1 0 0 1 10 5zm2 3a1.1 1.1 0 1 1 0-2.2A1.1 1.1 0 0 1 12 8z"/></svg>`;

function normalizeFontSize(value: unknown): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) && n > 0 ? `${n}px` : '14px';
}

/**
 * The colour picker of spec part 2 §2: the default colour (black), theme colours with their tints and shades,
 * standard colours and "more colours" (the browser's own colour input), and optionally a text size (12–20 px) and
 * a font family (SimSun, KaiTi, Microsoft YaHei, SimHei, LiSu, STXingkai).
 *
 * The panel is a popover in the top layer, placed by the kit's own placement (`internal/placement.ts`) beside
 * the trigger with `position: fixed`: it flips above when there is no room below and shifts to stay in the
 * viewport, so neither a scrolling box nor a dialog clips it (shoelace#2141). It registers in the page's overlay stack, so Escape closes it first and only
 * it. The swatches are two labelled radio groups with one Tab stop each; the arrow keys move and check, Home and
 * End jump, Enter or Space (or a click) choose and close. Every swatch is named in the language in force.
 *
 * It fires no open or close events of its own: `edu-close` bubbling out of a picker inside a dialog would read as
 * the dialog closing. The `open` property reflects to an attribute instead.
 *
 * It is form-associated: inside a `<form>` its value is the colour (with `{name}-font-size` and
 * `{name}-font-family` too when those controls are shown), and a form reset restores the `value` attribute.
 *
 * @summary Colour picker with optional text size and font family.
 * @tagname edu-color-picker
 *
 * @fires {CustomEvent<{color: string, fontSize: string, fontFamily: string}>} edu-change - A colour, size or font
 *   was chosen.
 *
 * @csspart trigger - The button that opens the panel.
 * @csspart trigger-swatch - The colour shown on the trigger.
 * @csspart panel - The panel.
 * @csspart fonts - The row of the size and font selects.
 * @csspart default - The default-colour button.
 * @csspart group-label - The heading of each swatch group.
 * @csspart grid - Each swatch group.
 * @csspart swatch - Each swatch.
 * @csspart more - The "more colours" control.
 *
 * @cssprop [--edu-color-picker-swatch-size=18px] - Size of a swatch.
 * @cssprop [--edu-color-picker-panel-background=#fff] - Panel background.
 * @cssprop [--edu-color-picker-panel-shadow] - Panel shadow.
 * @cssprop [--edu-color-picker-border-color=#dcdfe6] - Borders of the trigger, panel and swatches.
 * @cssprop [--edu-color-primary] - Focus ring and the selected swatch.
 * @cssprop [--edu-z-popup=10000] - Stacking order where the top layer is not available.
 */
export class EduColorPicker extends EduElement {
  static override styles = colorPickerStyles;
  static formAssociated = true;
  // focus() on the element (a form dialog focusing its first field, a label) lands on the trigger.
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** The initial colour (attribute `value`); a form reset goes back to it. */
  @property({ attribute: 'value' }) defaultValue = '';

  /**
   * `text` (the spec's text colour picker) or `theme`: a portal theme colour. The theme mode's default colour is
   * the token sheet's primary colour (unless `default-color` says otherwise), its swatches are colours that make a usable theme, and a colour
   * from "more colours" is adjusted by core `usableThemeColor` (lightened from black, darkened from pale), with a
   * note saying so.
   */
  @property({ reflect: true }) mode: 'text' | 'theme' = 'text';

  /** The default colour of the "default colour" button and of an empty value (spec: black; the theme's default in theme mode). */
  @property({ attribute: 'default-color' }) defaultColor = DEFAULT_COLOR;

  /** Text size, `12px` … `20px`. */
  @property({ attribute: 'font-size' }) fontSize = '14px';

  /** CSS font family name, `''` for the page's font. */
  @property({ attribute: 'font-family' }) fontFamily = '';

  /** Shows the text-size select. */
  @property({ attribute: 'show-font-size', type: Boolean }) showFontSize = false;

  /** Shows the font-family select. */
  @property({ attribute: 'show-font-family', type: Boolean }) showFontFamily = false;

  /** Base row of the theme grid; tints and shades are derived. Default: ten office theme colours. */
  @property({ attribute: false }) themeColors: ColorSwatch[] | null = null;

  /** The standard colours. Default: ten office standard colours. */
  @property({ attribute: false }) standardColors: ColorSwatch[] | null = null;

  /** The control's name, announced with the colour ("文字颜色：红色"); default "颜色". */
  @property() label = '';

  /** Name of the form field. */
  @property({ reflect: true }) name = '';

  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Where the panel opens; it flips when there is no room. */
  @property() placement: ColorPickerPlacement = 'bottom-start';

  /** Whether the panel is open. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** Said when a theme colour was adjusted to stay usable. */
  @state() private adjustedNote = '';

  /** The colour moved to with the arrow keys, not chosen yet. */
  @state() private pending: string | null = null;

  /** The Tab stop of each group (roving tabindex). */
  @state() private active: Record<Group, number> = { theme: 0, standard: 0 };

  @query('.trigger') private triggerEl!: HTMLButtonElement;
  @query('.panel') private panelEl!: HTMLElement;

  private current: string | null = null;
  private formDisabled = false;
  private readonly internals: ElementInternals;

  /** The panel: top layer, overlay stack, placement, outside click, focus leaving and Escape. */
  private readonly popup = new PopupController(this, {
    popup: () => this.panelEl,
    trigger: () => this.triggerEl,
    placement: () => this.placement,
    fitHeight: true,
    onDismiss: () => {
      this.open = false;
      this.pending = null;
    },
  });

  constructor() {
    super();
    this.internals = this.attachInternals();
  }

  /** The colour, `#rrggbb`. Setting it does not fire `edu-change` (the host chose it). */
  get value(): string {
    return this.current ?? normalizeColor(this.defaultValue) ?? normalizeColor(this.defaultColor) ?? DEFAULT_COLOR;
  }

  set value(next: string) {
    const old = this.value;
    this.current = normalizeColor(next) ?? (next ? this.current : null);
    // The form sees the new value at once (a FormData built right after the assignment), not after the render.
    this.syncFormValue();
    this.requestUpdate('value', old);
  }

  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  /** Opens the panel. */
  async show(): Promise<void> {
    if (this.disabled || this.formDisabled) return;
    this.open = true;
    await this.updateComplete;
  }

  /** Closes the panel without choosing. */
  async hide(): Promise<void> {
    this.close(false);
    await this.updateComplete;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.open = false;
  }

  formResetCallback(): void {
    this.current = null;
    this.fontSize = normalizeFontSize(this.getAttribute('font-size') ?? '14px');
    this.fontFamily = this.getAttribute('font-family') ?? '';
    this.syncFormValue();
    this.requestUpdate();
  }

  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
    if (disabled) this.close(false);
    this.requestUpdate();
  }

  formStateRestoreCallback(state: unknown): void {
    if (typeof state === 'string') this.value = state;
    else if (state instanceof FormData && this.name) {
      const color = state.get(this.name);
      if (typeof color === 'string') this.value = color;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('mode') && this.mode === 'theme' && this.defaultColor === DEFAULT_COLOR) {
      this.defaultColor = DEFAULT_THEME_COLOR;
    }
    if (changed.has('fontSize')) this.fontSize = normalizeFontSize(this.fontSize);
    if (changed.has('open') && this.open && (this.disabled || this.formDisabled)) this.open = false;
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.syncFormValue();
    if (changed.has('open')) {
      if (this.open) this.openPanel();
      else if (changed.get('open') === true) this.teardownPanel(true);
    }
  }

  private syncFormValue(): void {
    if (!this.name || (!this.showFontSize && !this.showFontFamily)) {
      this.internals.setFormValue(this.value);
      return;
    }
    const data = new FormData();
    data.append(this.name, this.value);
    if (this.showFontSize) data.append(`${this.name}-font-size`, this.fontSize);
    if (this.showFontFamily) data.append(`${this.name}-font-family`, this.fontFamily);
    this.internals.setFormValue(data, this.value);
  }

  // ----- the panel -------------------------------------------------------------------------------------------

  private openPanel(): void {
    if (this.popup.open || !this.panelEl) return;
    this.popup.show();
    this.pending = null;
    this.active = { theme: this.indexIn('theme', this.value), standard: this.indexIn('standard', this.value) };
    // Focus the chosen control, as a radio group would: the default-colour button for the default colour, else
    // the checked swatch, else the default-colour button.
    const isDefault = this.value === (normalizeColor(this.defaultColor) ?? DEFAULT_COLOR);
    void this.updateComplete.then(() => {
      const checked = isDefault ? null : this.shadowRoot!.querySelector<HTMLElement>('.swatch[aria-checked="true"]');
      (checked ?? this.shadowRoot!.querySelector<HTMLElement>('.default'))?.focus({ preventScroll: true });
    });
  }

  /** Takes the panel off screen; `restoreFocus` puts focus back on the trigger when it was inside the panel. */
  private teardownPanel(restoreFocus = false): void {
    if (!this.popup.open) return;
    this.popup.hide(restoreFocus);
    this.pending = null;
  }

  private close(restoreFocus: boolean): void {
    if (!this.open) return;
    this.open = false;
    // Closed at once, not on the next update: the key or click that closed it must not reach it again.
    this.teardownPanel(restoreFocus);
  }

  private toggle = () => {
    if (this.open) this.close(true);
    else void this.show();
  };

  private onTriggerKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !this.open) {
      event.preventDefault();
      void this.show();
    }
  };

  // ----- choosing --------------------------------------------------------------------------------------------

  private commit(color: string, close: boolean): void {
    let normalized = normalizeColor(color);
    if (!normalized) return;
    if (this.mode === 'theme') {
      const usable = usableThemeColor(normalized);
      this.adjustedNote = usable.adjusted
        ? msg(str`已调整为 ${usable.color}，以便白色文字和数字清晰可读`, { id: 'colorPicker.themeAdjusted' })
        : '';
      normalized = usable.color;
    }
    this.current = normalized;
    this.syncFormValue();
    this.requestUpdate('value');
    this.fireChange();
    if (close) this.close(true);
  }

  private fireChange(): void {
    this.emit('edu-change', {
      color: this.value,
      fontSize: this.fontSize,
      fontFamily: this.fontFamily,
    });
  }

  private grid(group: Group): GridSwatch[] {
    if (this.mode === 'theme') {
      // One row of usable theme colours; no tints (too pale for a theme) and no standard colours.
      if (group === 'standard') return [];
      return (this.themeColors ?? themeModeColors())
        .map((s) => ({ color: normalizeColor(s.color) ?? '', label: s.label || s.color }))
        .filter((s) => s.color);
    }
    if (group === 'theme') return themeGrid(this.themeColors ?? defaultThemeColors()).flat();
    return (this.standardColors ?? defaultStandardColors())
      .map((s) => ({ color: normalizeColor(s.color) ?? '', label: s.label || s.color }))
      .filter((s) => s.color);
  }

  private columns(group: Group): number {
    if (this.mode === 'theme') return this.grid(group).length;
    return group === 'theme' ? (this.themeColors ?? defaultThemeColors()).length : this.grid('standard').length;
  }

  private indexIn(group: Group, color: string): number {
    const at = this.grid(group).findIndex((s) => s.color === color);
    return at === -1 ? 0 : at;
  }

  /** The name of a colour for the trigger's label: its swatch name, else its hex code. */
  private colorName(color: string): string {
    if (color === normalizeColor(this.defaultColor)) return msg('默认颜色', { id: 'colorPicker.default' });
    const swatch = [...this.grid('theme'), ...this.grid('standard')].find((s) => s.color === color);
    return swatch ? swatch.label : color;
  }

  private onSwatchKeyDown(event: KeyboardEvent, group: Group, index: number): void {
    const swatches = this.grid(group);
    const columns = Math.max(1, this.columns(group));
    let next = index;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % swatches.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + swatches.length) % swatches.length;
        break;
      case 'ArrowDown':
        next = index + columns < swatches.length ? index + columns : index % columns;
        break;
      case 'ArrowUp':
        next =
          index - columns >= 0
            ? index - columns
            : index + columns * Math.floor((swatches.length - 1 - index) / columns);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = swatches.length - 1;
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        this.commit(swatches[index]!.color, true);
        return;
      default:
        return;
    }
    event.preventDefault();
    // Radio-group behaviour: moving checks; choosing (and closing) takes Enter, Space or a click.
    this.pending = swatches[next]!.color;
    this.active = { ...this.active, [group]: next };
    void this.updateComplete.then(() => {
      this.shadowRoot!.querySelector<HTMLElement>(
        `.grid[data-group="${group}"] .swatch[data-index="${next}"]`,
      )?.focus();
    });
  }

  private onMoreInput = (event: Event) => {
    this.pending = normalizeColor((event.target as HTMLInputElement).value);
  };

  private onMoreChange = (event: Event) => {
    this.commit((event.target as HTMLInputElement).value, true);
  };

  private onFontSizeChange = (event: Event) => {
    this.fontSize = normalizeFontSize((event.target as HTMLSelectElement).value);
    this.fireChange();
  };

  private onFontFamilyChange = (event: Event) => {
    this.fontFamily = (event.target as HTMLSelectElement).value;
    this.fireChange();
  };

  // ----- rendering -------------------------------------------------------------------------------------------

  private renderGroup(group: Group, title: string) {
    const swatches = this.grid(group);
    const shown = this.pending ?? this.value;
    const checkedAt = swatches.findIndex((s) => s.color === shown);
    const stop = checkedAt === -1 ? Math.min(this.active[group], swatches.length - 1) : checkedAt;
    const columns = this.columns(group);
    return html`
      <div part="group-label" class="group-label" id="label-${group}">${title}</div>
      <div
        part="grid"
        class="grid"
        role="radiogroup"
        aria-labelledby="label-${group}"
        data-group=${group}
        style=${styleMap({ '--columns': String(columns) })}
      >
        ${swatches.map(
          (swatch, index) =>
            html`<span
              part="swatch"
              class=${classMap({ swatch: true, 'base-row': group === 'theme' && index < columns })}
              role="radio"
              tabindex=${index === stop ? '0' : '-1'}
              aria-checked=${index === checkedAt ? 'true' : 'false'}
              aria-label=${swatch.label}
              title=${swatch.label}
              data-index=${index}
              style=${styleMap({ '--swatch': swatch.color })}
              @click=${() => this.commit(swatch.color, true)}
              @keydown=${(event: KeyboardEvent) => this.onSwatchKeyDown(event, group, index)}
            ></span>`,
        )}
      </div>
    `;
  }

  private renderFonts() {
    if (!this.showFontSize && !this.showFontFamily) return nothing;
    return html`<div part="fonts" class="fonts">
      ${
        this.showFontSize
          ? html`<label class="field">
              <span>${msg('字号', { id: 'colorPicker.fontSize' })}</span>
              <select .value=${this.fontSize} @change=${this.onFontSizeChange}>
                ${FONT_SIZES.map((size) => html`<option value=${size} ?selected=${size === this.fontSize}>${size}</option>`)}
              </select>
            </label>`
          : nothing
      }
      ${
        this.showFontFamily
          ? html`<label class="field">
              <span>${msg('字体', { id: 'colorPicker.fontFamily' })}</span>
              <select .value=${this.fontFamily} @change=${this.onFontFamilyChange}>
                <option value="" ?selected=${this.fontFamily === ''}>
                  ${msg('默认字体', { id: 'colorPicker.fontDefault' })}
                </option>
                ${FONT_FAMILIES.map(
                  (family) =>
                    html`<option
                      value=${family}
                      ?selected=${family === this.fontFamily}
                      style="font-family:${FONT_STACKS[family]}"
                    >
                      ${fontFamilyLabel(family)}
                    </option>`,
                )}
              </select>
            </label>`
          : nothing
      }
    </div>`;
  }

  protected override render() {
    const value = this.value;
    const label = this.label || msg('颜色', { id: 'colorPicker.label' });
    const separator = msg('：', { id: 'colorPicker.labelSeparator' });
    const disabled = this.disabled || this.formDisabled;
    const defaultColor = normalizeColor(this.defaultColor) ?? DEFAULT_COLOR;
    const fontStack = this.fontFamily ? (FONT_STACKS[this.fontFamily] ?? this.fontFamily) : 'inherit';
    return html`
      <span class="wrap">
        <button
          part="trigger"
          class="trigger"
          type="button"
          aria-haspopup="dialog"
          aria-expanded=${this.open ? 'true' : 'false'}
          aria-controls="panel"
          aria-label=${`${label}${separator}${this.colorName(value)}${this.showFontSize ? `${msg('，', { id: 'colorPicker.separator' })}${this.fontSize}` : ''}`}
          ?disabled=${disabled}
          @click=${this.toggle}
          @keydown=${this.onTriggerKeyDown}
        >
          <span class="preview" style=${styleMap({ fontFamily: fontStack })} aria-hidden="true">
            <span class="letter"></span>
            <span part="trigger-swatch" class="bar" style=${styleMap({ background: value })}></span>
          </span>
          ${this.showFontSize ? html`<span class="size" aria-hidden="true">${this.fontSize}</span>` : nothing}
          <span class="caret">${caretIcon}</span>
        </button>
        <span class="note" role="status">${this.adjustedNote}</span>
        <div
          part="panel"
          class="panel"
          id="panel"
          popover="manual"
          role="dialog"
          aria-label=${msg('选择颜色', { id: 'colorPicker.panel' })}
        >
          ${this.renderFonts()}
          <button
            part="default"
            class=${classMap({ default: true, checked: (this.pending ?? value) === defaultColor })}
            type="button"
            aria-pressed=${(this.pending ?? value) === defaultColor ? 'true' : 'false'}
            @click=${() => this.commit(defaultColor, true)}
          >
            <span class="chip" style=${styleMap({ background: defaultColor })} aria-hidden="true"></span>
            ${msg('默认颜色', { id: 'colorPicker.default' })}
          </button>
          ${this.renderGroup('theme', msg('主题颜色', { id: 'colorPicker.theme' }))}
          ${this.mode === 'theme' ? nothing : this.renderGroup('standard', msg('标准色', { id: 'colorPicker.standard' }))}
          <label part="more" class="more">
            <input
              type="color"
              .value=${this.pending ?? value}
              @input=${this.onMoreInput}
              @change=${this.onMoreChange}
            />
            <span class="more-icon">${paletteIcon}</span>
            ${msg('更多颜色…', { id: 'colorPicker.more' })}
          </label>
        </div>
      </span>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-color-picker': EduColorPicker;
  }
  interface HTMLElementEventMap {
    /** A colour picker's colour, size or font was chosen. */
    'edu-change': EduColorChangeEvent;
  }
}
