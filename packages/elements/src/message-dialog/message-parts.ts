/**
 * Parts shared by `<edu-message-dialog>` and `<edu-todo-panel>`.
 *
 * The importance marker shared by `<edu-message-dialog>` and `<edu-todo-panel>`: the level's colour (core
 * `importanceColor`, overridable by the theme's `--edu-color-importance-N`) around the level's number, with the
 * spoken text "重要程度 N". Colour is never the only cue: the number is visible and the text is read.
 */
import { css, html, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { msg } from '@lit/localize';
import { formatRelativeTime, isShowableDate } from '@edu-portal/core/format/relative-time.ts';
import { importanceColor, importanceLevel } from '@edu-portal/core/messages/message.ts';
import { buttonStyles, focusRing } from '../internal/control-styles.ts';
import {
  colorPrimary9,
  colorPrimaryDark,
  colorText,
  colorTextMuted,
  radiusRound,
  radiusXs,
  white,
} from '../internal/tokens.ts';

/** "重要程度" / "Importance", followed by the level. */
export function importanceText(value: unknown): string {
  return `${msg('重要程度', { id: 'messageDialog.importance' })} ${importanceLevel(value)}`;
}

export function importanceMarker(value: unknown): TemplateResult {
  const level = importanceLevel(value);
  const color = `var(--edu-color-importance-${level}, ${importanceColor(level)})`;
  return html`<span
    part="importance"
    class="importance"
    data-level=${level}
    style=${styleMap({ '--_importance': color })}
    ><span class="importance-level" aria-hidden="true">${level}</span
    ><span class="visually-hidden">${importanceText(level)}</span></span
  >`;
}

/** Module code → localised name: a record, or a map such as core `moduleNames` gives. */
export type ModuleNames = Readonly<Record<string, string>> | ReadonlyMap<string, string>;

/** The name shown for a module code: the host's localised name, else the code itself. */
export function moduleLabel(code: string, names: ModuleNames): string {
  const name =
    names instanceof Map
      ? names.get(code)
      : Object.hasOwn(names, code)
        ? (names as Readonly<Record<string, string>>)[code]
        : undefined;
  return name?.trim() ? name : code;
}

/**
 * `<time>` of a message or to-do date in core's relative format. A missing, unreadable or out-of-range date (a
 * nanosecond epoch, −1e20) shows a placeholder ("日期未知") instead and never throws: one bad field hides only itself,
 * never the list (unreadable dates).
 */
export function dateTemplate(date: number): TemplateResult {
  const text = isShowableDate(date) ? formatRelativeTime(date) : '';
  return text
    ? html`<time part="date" class="date" datetime=${new Date(date).toISOString()}>${text}</time>`
    : html`<span part="date" class="date unknown">${msg('日期未知', { id: 'messageDialog.unknownDate' })}</span>`;
}

export const importanceStyles = css`
  .importance {
    position: relative;
    display: inline-flex;
    flex: none;
    align-items: center;
    justify-content: center;
    box-sizing: border-box;
    width: 24px;
    height: 24px;
    border: 2px solid var(--_importance);
    border-radius: ${radiusRound};
    /* A light tint of the level's colour under dark text: readable whatever the colour. */
    background: color-mix(in srgb, var(--_importance) 18%, ${white});
    color: ${colorText};
    font-size: 12px;
    font-weight: 700;
    line-height: 1;
  }
`;

/** The line under a message or to-do: its module (`moduleLabel`) and date (`dateTemplate`). */
export const messageMetaStyles = css`
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin-top: 4px;
    color: ${colorTextMuted};
    font-size: 12px;
  }

  .module {
    padding: 0 6px;
    border-radius: ${radiusXs};
    background: ${colorPrimary9};
    color: ${colorPrimaryDark};
  }
`;

/** Buttons of the message dialog, the module-expiry dialog and the to-do panel; every button there has the ring. */
export const messageButtonStyles = [
  buttonStyles,
  css`
    button:focus-visible {
      ${focusRing}
    }
  `,
];
