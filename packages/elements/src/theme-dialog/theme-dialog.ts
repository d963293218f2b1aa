import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { msg } from '@lit/localize';
import {
  THEME_GROUPS,
  chooseDraftLayout,
  chooseDraftTheme,
  initialThemeDraft,
  isValidCustomColor,
  showsLayoutChoice,
  themeGroupOf,
  type ThemeDraft,
  type ThemeGroup,
  type ThemeOption,
} from '@edu-portal/core/theme/dialog.ts';
import { DEFAULT_LAYOUT, DEFAULT_THEME_COLOR, type Layout } from '@edu-portal/core/theme/constants.ts';
import { EduColorPicker, type EduColorChangeEvent } from '../color-picker/color-picker.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { buttonStyles } from '../internal/control-styles.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import { themeDialogStyles } from './theme-dialog.styles.ts';

/** The choice confirmed: core's theme draft (`syncAll` always false for others than admins), saved as it is. */
export type EduThemeConfirmDetail = ThemeDraft;
export type EduThemeConfirmEvent = CustomEvent<EduThemeConfirmDetail>;

/** A colour for the custom choice before the user picked one. */
const CUSTOM_START = '#7b4fc8';

/** What the ready-made swatches look like (the named themes have no single colour). */
const SWATCH_BACKGROUNDS: Readonly<Record<string, string>> = {
  ink: 'linear-gradient(135deg, #f4f4f2 0%, #9a9a98 55%, #2b2b2b 100%)',
  lotus: 'linear-gradient(135deg, #fdf1f4 0%, #f3a7bb 55%, #5f9a6b 100%)',
  cartoon: 'linear-gradient(135deg, #ffe27a 0%, #ff9d4d 50%, #5cc3f0 100%)',
};

/**
 * The theme dialog (spec part 1 §2 "Theme dialog"): classic (ink, lotus), stage (cartoon), colour (red, blue, siro
 * blue, green) and a custom colour; the layout choice only for colour themes; an admin may also sync the theme for
 * all users. It edits a draft; confirming hands the choice to the host, which saves it (core `saveThemeChoice`).
 *
 * @summary Theme and layout chooser.
 * @tagname edu-theme-dialog
 *
 * @fires {CustomEvent<{theme: string, layout: 'top' | 'left', syncAll: boolean}>} edu-theme-confirm - The user
 *   confirmed. Cancelable: `preventDefault()` keeps the dialog open (the save failed).
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: string}>} edu-request-close - Cancel, the close button or Escape asks to close;
 *   cancelable.
 * @fires {CustomEvent<{source: string}>} edu-close - The dialog closed.
 *
 * @csspart dialog - The `<edu-dialog>`.
 * @csspart group - Each group of swatches (a fieldset).
 * @csspart swatch - Each swatch.
 * @csspart custom - The custom colour picker (an `<edu-color-picker>`).
 * @csspart layout - The layout choice.
 * @csspart sync - The admin's "sync for all users" checkbox label.
 * @csspart confirm - The confirm button.
 * @csspart cancel - The cancel button.
 *
 * @cssprop [--edu-theme-dialog-width=560px] - Width of the dialog.
 * @cssprop [--edu-theme-dialog-swatch-size=64px] - Width of a swatch.
 * @cssprop [--edu-theme-dialog-legend-color=#303133] - Colour of the group names.
 * @cssprop [--edu-theme-dialog-confirm-background=var(--edu-color-primary-dark)] - Background of the confirm button: the theme's dark shade.
 * @cssprop [--edu-color-primary] - The chosen swatch and focus rings.
 */
export class EduThemeDialog extends DialogHost(EduElement) {
  static override styles = [buttonStyles, themeDialogStyles];
  static override dependencies = { 'edu-color-picker': EduColorPicker, 'edu-dialog': EduDialog };

  /** The theme in force: ink, lotus, cartoon or a colour. */
  @property() theme: string = DEFAULT_THEME_COLOR;

  /** The user's layout in force. */
  @property() layout: Layout = DEFAULT_LAYOUT;

  /** Whether the user is an admin: shows "sync for all users". */
  @property({ type: Boolean }) admin = false;

  @state() private draft: ThemeDraft = initialThemeDraft({ theme: this.theme, layout: this.layout });
  @state() private customColor = CUSTOM_START;

  /** The choice as it stands in the dialog. */
  get value(): EduThemeConfirmDetail {
    return { theme: this.draft.theme, layout: this.draft.layout, syncAll: this.admin && this.draft.syncAll };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open) this.reset();
    else if (!this.open && (changed.has('theme') || changed.has('layout'))) this.reset();
  }

  private reset(): void {
    this.draft = initialThemeDraft({ theme: this.theme, layout: this.layout });
    if (themeGroupOf(this.theme) === 'custom' && isValidCustomColor(this.theme)) this.customColor = this.theme;
  }

  private groupName(group: ThemeGroup): string {
    switch (group) {
      case 'classic':
        return msg('经典', { id: 'themeDialog.classic' });
      case 'stage':
        return msg('舞台', { id: 'themeDialog.stage' });
      case 'color':
        return msg('色彩', { id: 'themeDialog.color' });
      default:
        return msg('自定义', { id: 'themeDialog.custom' });
    }
  }

  private optionName(key: ThemeOption['key']): string {
    switch (key) {
      case 'ink':
        return msg('水墨', { id: 'themeDialog.ink' });
      case 'lotus':
        return msg('荷韵', { id: 'themeDialog.lotus' });
      case 'cartoon':
        return msg('卡通', { id: 'themeDialog.cartoon' });
      case 'red':
        return msg('中国红', { id: 'themeDialog.red' });
      case 'blue':
        return msg('科技蓝', { id: 'themeDialog.blue' });
      case 'siroBlue':
        return msg('天空蓝', { id: 'themeDialog.siroBlue' });
      default:
        return msg('清新绿', { id: 'themeDialog.green' });
    }
  }

  private pick(theme: string): void {
    this.draft = chooseDraftTheme(this.draft, theme);
  }

  private onCustomChange = (event: EduColorChangeEvent) => {
    // The picker's own event stays inside: the host hears edu-theme-confirm.
    event.stopPropagation();
    if (!isValidCustomColor(event.detail.color)) return;
    this.customColor = event.detail.color;
    this.pick(event.detail.color);
  };

  private confirm(): void {
    if (!this.emit('edu-theme-confirm', this.value, { cancelable: true })) return;
    this.open = false;
  }

  private renderOption(option: ThemeOption): TemplateResult {
    const checked = this.draft.theme.toLowerCase() === option.value.toLowerCase();
    const background = SWATCH_BACKGROUNDS[option.value] ?? option.value;
    return html`<label class="option" part="swatch" data-theme=${option.value}>
      <input
        type="radio"
        name="theme"
        .value=${option.value}
        .checked=${checked}
        @change=${() => this.pick(option.value)}
      />
      <span class="swatch" style=${styleMap({ background })} aria-hidden="true"></span>
      <span>${this.optionName(option.key)}</span>
    </label>`;
  }

  private renderBody(): TemplateResult {
    const draft = this.draft;
    const customChecked = themeGroupOf(draft.theme) === 'custom';
    return html`
      <div role="radiogroup" aria-label=${msg('主题', { id: 'themeDialog.themes' })}>
        ${THEME_GROUPS.map(
          ({ group, options }) =>
            html`<fieldset part="group" data-group=${group}>
              <legend>${this.groupName(group)}</legend>
              <div class="options">${options.map((option) => this.renderOption(option))}</div>
            </fieldset>`,
        )}
        <fieldset part="group" data-group="custom">
          <legend>${this.groupName('custom')}</legend>
          <div class="custom">
            <label class="option" part="swatch" data-theme="custom">
              <input
                type="radio"
                name="theme"
                value="custom"
                .checked=${customChecked}
                @change=${() => this.pick(this.customColor)}
              />
              <span class="swatch" style=${styleMap({ background: this.customColor })} aria-hidden="true"></span>
              <span>${msg('自定义颜色', { id: 'themeDialog.customColor' })}</span>
            </label>
            <edu-color-picker
              part="custom"
              mode="theme"
              .value=${this.customColor}
              label=${msg('选择自定义颜色', { id: 'themeDialog.pickColor' })}
              @edu-change=${this.onCustomChange}
            ></edu-color-picker>
          </div>
        </fieldset>
      </div>
      ${
        showsLayoutChoice(draft.theme)
          ? html`<fieldset part="layout" class="layout">
              <legend>${msg('布局', { id: 'themeDialog.layout' })}</legend>
              <div class="layouts">
                ${(['top', 'left'] as const).map(
                  (layout) =>
                    html`<label>
                      <input
                        type="radio"
                        name="layout"
                        .value=${layout}
                        .checked=${draft.layout === layout}
                        @change=${() => (this.draft = chooseDraftLayout(this.draft, layout))}
                      />
                      ${
                        layout === 'top'
                          ? msg('上下布局', { id: 'themeDialog.layoutTop' })
                          : msg('左右布局', { id: 'themeDialog.layoutLeft' })
                      }
                    </label>`,
                )}
              </div>
            </fieldset>`
          : nothing
      }
      ${
        this.admin
          ? html`<label part="sync" class="sync">
              <input
                type="checkbox"
                name="sync"
                .checked=${draft.syncAll}
                @change=${(event: Event) =>
                  (this.draft = { ...this.draft, syncAll: (event.target as HTMLInputElement).checked })}
              />
              ${msg('同步给所有用户', { id: 'themeDialog.syncAll' })}
            </label>`
          : nothing
      }
    `;
  }

  protected override render() {
    return html`<edu-dialog part="dialog" .open=${this.open} title=${msg('主题设置', { id: 'themeDialog.title' })}>
      ${this.open ? this.renderBody() : nothing}
      <div slot="footer" class="actions">
        <button part="cancel" type="button" class="cancel" @click=${() => void this.requestClose()}>
          ${msg('取消', { id: 'themeDialog.cancel' })}
        </button>
        <button part="confirm" type="button" class="primary confirm" @click=${() => this.confirm()}>
          ${msg('确定', { id: 'themeDialog.confirm' })}
        </button>
      </div>
    </edu-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-theme-dialog': EduThemeDialog;
  }
  interface HTMLElementEventMap {
    'edu-theme-confirm': EduThemeConfirmEvent;
  }
}
