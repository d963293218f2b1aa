import { iconLabel } from '@edu-portal/core/desktop/icons.ts';
import { html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { repeat } from 'lit/directives/repeat.js';
import { styleMap } from 'lit/directives/style-map.js';
import { msg } from '@lit/localize';
import { RECENT_APPS_LIMIT } from '@edu-portal/core/constants.ts';
import type { AppIcon, DesktopIcons, IconGroup } from '@edu-portal/core/desktop/icons.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';
import { iconOrder, moveBy, moveIconInGroup } from '@edu-portal/core/desktop/reorder.ts';
import { EduElement } from '../internal/edu-element.ts';
import { CoreLanguage } from '../internal/localize.ts';
import { ImageFailures } from '../internal/image-failures.ts';
import { renderAppTile } from './app-tile.ts';
import { desktopStyles } from './desktop.styles.ts';

export interface EduReorderDetail {
  /** Every code of the desktop once, in the new display order (core `iconOrder`): what `save_icon_sort` takes. */
  codes: string[];
  /** The code of the group the icon moved in; `null` on a flat desktop. */
  group: string | null;
}
export type EduReorderEvent = CustomEvent<EduReorderDetail>;

/** How far (px) a pressed pointer must travel before it drags; a shorter move is still a click. */
const DRAG_THRESHOLD = 6;
/**
 * Tiles drawn at first, and added each time the end of the drawn ones nears the window: a large area's desktop
 * (thousands of apps) shows its first screen as fast as a small one, the rest as the user scrolls or moves on.
 */
const TILES_STEP = 120;

const spinner = svg`<svg class="spinner" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 1.5A6.5 6.5 0 1 1 1.5 8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

/** One grid of tiles: the recent row, a group, or the flat list. */
interface Section {
  key: string;
  /** Index in the grouped view; `null` for the flat list and the recent row. */
  groupIndex: number | null;
  title: string;
  /** The title is read but not shown (the flat list without a recent row above it). */
  hiddenTitle: boolean;
  icons: readonly AppIcon[];
  reorderable: boolean;
}

/** A pressed pointer on a tile, maybe dragging. */
interface PointerPress {
  pointerId: number;
  section: Section;
  code: string;
  from: number;
  startX: number;
  startY: number;
  /** Tile rectangles at the start of the drag (the layout does not change while dragging). */
  rects: DOMRect[] | null;
}

interface DragView {
  key: string;
  from: number;
  to: number;
  dx: number;
  dy: number;
}

/**
 * The portal desktop's app icons (spec part 1 §2, §3, §6, §9): grouped categories for school teachers and type 4
 * users, a flat list for everyone else (the host passes core `desktopIcons(groups, user)`), a "recent" row above, the
 * picture for the theme or the first character of the name when it fails, unread badges (99+), and reordering within
 * a group by pointer drag or Ctrl+arrow keys for user types 2 and 4. It keeps its own reordered copy of `view`
 * until the host sets a new one; saving the order is the host's (`edu-reorder`).
 *
 * @summary Desktop grid of app icons, grouped or flat, with recent apps and reordering.
 * @tagname edu-desktop
 *
 * @fires {CustomEvent<{icon: AppIcon}>} edu-open-app - An app icon was activated (click, Enter or Space).
 * @fires {CustomEvent<{codes: string[], group: string | null}>} edu-reorder - An icon was moved: `codes` is the
 *   whole desktop's order (core `iconOrder`), `group` the code of the group it moved in (`null` when flat).
 * @fires {CustomEvent<null>} edu-desktop-reload - The retry button of the error message was pressed.
 *
 * @csspart base - The wrapper of everything.
 * @csspart group - Each card of icons (the recent row, each group, the flat list).
 * @csspart recent - The recent row's card (also `group`).
 * @csspart heading - Each card's title.
 * @csspart grid - Each list of icons.
 * @csspart app - Each icon button.
 * @csspart picture - The picture (or letter tile) of an icon.
 * @csspart label - The name under an icon.
 * @csspart badge - The unread count on an icon.
 * @csspart status - The loading and empty messages.
 * @csspart error - The error message.
 * @csspart retry - The retry button.
 *
 * @cssprop [--edu-desktop-padding=16px] - Space around the groups.
 * @cssprop [--edu-desktop-background=transparent] - Background behind the cards.
 * @cssprop [--edu-desktop-panel-background=#fff] - Background of each card.
 * @cssprop [--edu-desktop-panel-border=1px solid #e8ecf2] - Border of each card.
 * @cssprop [--edu-desktop-panel-shadow=0 4px 16px rgb(31 45 61 / 0.06)] - Shadow of each card.
 * @cssprop [--edu-desktop-group-title-color=#303133] - Colour of the card titles.
 * @cssprop [--edu-desktop-tile-width=104px] - Smallest width of a tile (the grid fits as many as it can).
 * @cssprop [--edu-app-icon-radius=14px] - Corner radius of the pictures.
 * @cssprop [--edu-app-icon-filter=none] - Filter on the pictures.
 * @cssprop [--edu-app-icon-label-color=#303133] - Colour of the names.
 * @cssprop [--edu-app-icon-label-shadow=none] - Text shadow of the names.
 * @cssprop [--edu-app-icon-hover-background=rgb(69 124 214 / 0.08)] - Background of a hovered tile.
 * @cssprop [--edu-badge-background=#d0182b] - Background of the unread counts.
 * @cssprop [--edu-badge-color=#fff] - Colour of the unread counts.
 * @cssprop [--edu-color-primary] - Focus rings, the drop indicator and the retry button.
 */
export class EduDesktop extends EduElement {
  static override styles = desktopStyles;

  /** What the desktop shows: core `desktopIcons(groups, user)` (with unread counts merged); `null` shows nothing. */
  @property({ attribute: false }) view: DesktopIcons | null = null;

  /** The theme in force, to pick each icon's picture (grey in ink, cartoon in cartoon). */
  @property() theme = '';

  /** Whether the user may reorder the icons (core `canReorderIcons(userType)`: types 2 and 4). */
  @property({ type: Boolean }) reorderable = false;

  /** Recently opened apps, most recent first (core `recentIcons`, at most 10 shown); the row hides when empty. */
  @property({ attribute: false }) recent: readonly AppIcon[] = [];

  /** Localised group titles by group code; a group without one shows its own name, else its code. */
  @property({ attribute: false }) groupNames: Readonly<Record<string, string>> = {};

  /** Shows a loading message (the icons already shown stay). */
  @property({ type: Boolean }) loading = false;

  /** An error message to show with a retry button (`edu-desktop-reload`); empty for none. */
  @property() error = '';

  /** The heading level of the card titles (1–6). */
  @property({ attribute: 'heading-level', type: Number }) headingLevel = 2;

  /** The element's own copy of `view`, reordered by the user until the host sets a new `view`. */
  @state() private order: DesktopIcons | null = null;
  @state() private announcement = '';
  @state() private dragView: DragView | null = null;
  /** How many tiles are drawn, counted over the sections in order; grows as the user scrolls or moves on. */
  @state() private limit = TILES_STEP;
  /** Watches the marker after the last drawn tile, to draw more as it nears the window. */
  private more?: IntersectionObserver;

  private readonly failures = new ImageFailures(this);
  private readonly language = new CoreLanguage(this);
  private press: PointerPress | null = null;
  /** Set when a drag ended on a tile, so the click that follows does not open the app. */
  private suppressClick = false;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.press = null;
    this.dragView = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view')) {
      this.order = this.view;
      this.press = null;
      this.dragView = null;
    }
  }

  protected override updated(): void {
    // Observing anew reports the marker's place now: more tiles come while it stays within reach.
    this.more?.disconnect();
    const marker = this.renderRoot.querySelector('.more');
    if (!marker) return;
    this.more ??= new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.limit += TILES_STEP;
      },
      { rootMargin: '50% 0px' },
    );
    this.more.observe(marker);
  }

  /**
   * Draws the tiles of a section up to `index` when it is past the `drawn` ones, so that it can take the focus. Only
   * the last drawn section has tiles left to draw: the limit grows by what it lacks.
   */
  private async reach(index: number, drawn: number): Promise<void> {
    if (index < drawn) return;
    this.limit += index - drawn + TILES_STEP;
    await this.updateComplete;
  }

  // ----- sections ----------------------------------------------------------------------------------------------

  private groupTitle(group: IconGroup): string {
    const own = serverText(group.name, group.englishName, this.language.value);
    return this.groupNames[group.code] || own || group.code || msg('应用', { id: 'desktop.apps' });
  }

  private sections(): Section[] {
    const sections: Section[] = [];
    const recent = this.recent.slice(0, RECENT_APPS_LIMIT);
    if (recent.length > 0) {
      sections.push({
        key: 'recent',
        groupIndex: null,
        title: msg('最近使用', { id: 'desktop.recent' }),
        hiddenTitle: false,
        icons: recent,
        reorderable: false,
      });
    }
    const view = this.order;
    if (!view) return sections;
    if (view.grouped) {
      view.groups.forEach((group, index) => {
        if (group.icons.length === 0) return;
        sections.push({
          key: `group-${index}`,
          groupIndex: index,
          title: this.groupTitle(group),
          hiddenTitle: false,
          icons: group.icons,
          reorderable: this.reorderable,
        });
      });
    } else if (view.icons.length > 0) {
      sections.push({
        key: 'all',
        groupIndex: null,
        title: msg('全部应用', { id: 'desktop.allApps' }),
        hiddenTitle: recent.length === 0,
        icons: view.icons,
        reorderable: this.reorderable,
      });
    }
    return sections;
  }

  private isEmpty(): boolean {
    const view = this.order;
    if (!view) return true;
    return view.grouped ? view.groups.every((group) => group.icons.length === 0) : view.icons.length === 0;
  }

  // ----- moving --------------------------------------------------------------------------------------------------

  /** Moves the icon at `from` of a section to `to`; reports and announces it. Returns whether anything moved. */
  private async move(section: Section, from: number, to: number): Promise<boolean> {
    const view = this.order;
    const icon = section.icons[from];
    if (!view || !icon || !section.reorderable || to < 0 || to >= section.icons.length || to === from) return false;
    let next: DesktopIcons;
    let group: string | null = null;
    if (view.grouped && section.groupIndex !== null) {
      const index = section.groupIndex;
      const own = view.groups[index];
      if (!own) return false;
      // Only this group: an app listed in two groups keeps its place in the other.
      const [moved] = moveIconInGroup([own], icon.code, to);
      next = { grouped: true, groups: view.groups.map((g, i) => (i === index && moved ? moved : g)) };
      group = own.code;
    } else if (!view.grouped) {
      next = { grouped: false, icons: moveBy(view.icons, from, to - from) };
    } else {
      return false;
    }
    this.order = next;
    const codes = next.grouped ? iconOrder(next.groups) : iconOrder(next.icons);
    this.emit('edu-reorder', { codes, group });
    await this.announce(`${msg('已移动到位置', { id: 'desktop.movedTo' })} ${to + 1}`);
    this.tileButton(section.key, icon.code)?.focus({ preventScroll: false });
    return true;
  }

  private async announce(text: string): Promise<void> {
    // The same text twice in a row is not read again: empty the region first.
    if (this.announcement === text) {
      this.announcement = '';
      await this.updateComplete;
    }
    this.announcement = text;
    await this.updateComplete;
  }

  private tileButton(key: string, code: string): HTMLButtonElement | null {
    return this.renderRoot.querySelector<HTMLButtonElement>(
      `ul[data-section="${CSS.escape(key)}"] button[data-code="${CSS.escape(code)}"]`,
    );
  }

  private tileButtons(list: Element): HTMLButtonElement[] {
    return Array.from(list.querySelectorAll<HTMLButtonElement>(':scope > li > button.app'));
  }

  /** Columns of a grid as laid out now. */
  private columnsOf(list: Element): number {
    const tracks = getComputedStyle(list)
      .gridTemplateColumns.split(' ')
      .filter((track) => track.trim() !== '');
    return Math.max(1, tracks.length);
  }

  private async onGridKeyDown(event: KeyboardEvent, section: Section): Promise<void> {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.app');
    const list = event.currentTarget as HTMLElement;
    if (!button || this.press) return;
    const buttons = this.tileButtons(list);
    const index = buttons.indexOf(button);
    if (index < 0) return;
    const columns = this.columnsOf(list);
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns };
    const step = steps[event.key];
    if (event.ctrlKey || event.metaKey) {
      if (step === undefined || event.altKey || event.shiftKey) return;
      event.preventDefault();
      if (!section.reorderable) return;
      // At either end, or with no row above or below, nothing moves.
      await this.reach(index + step, buttons.length);
      void this.move(section, index, index + step);
      return;
    }
    if (event.altKey || event.shiftKey) return;
    const last = section.icons.length - 1;
    let next: number | null = null;
    if (step !== undefined) next = index + step;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    next = Math.max(0, Math.min(last, next));
    // Past the drawn tiles: draw up to the one asked for first.
    await this.reach(next, buttons.length);
    this.tileButtons(list)[next]?.focus();
  }

  // ----- pointer drag --------------------------------------------------------------------------------------------

  private onPointerDown(event: PointerEvent, section: Section, index: number): void {
    this.suppressClick = false;
    if (!section.reorderable || !event.isPrimary || event.button !== 0) return;
    const icon = section.icons[index];
    if (!icon) return;
    this.press = {
      pointerId: event.pointerId,
      section,
      code: icon.code,
      from: index,
      startX: event.clientX,
      startY: event.clientY,
      rects: null,
    };
    try {
      (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    } catch {
      // Not capturable (the pointer is gone): the drag ends at the next up or cancel.
    }
  }

  // Shared by every tile (one function each, not one per tile); Lit calls them with the element as `this`.
  private onPointerMove(event: PointerEvent): void {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    const dx = event.clientX - press.startX;
    const dy = event.clientY - press.startY;
    if (!press.rects) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      const list = this.renderRoot.querySelector(`ul[data-section="${CSS.escape(press.section.key)}"]`);
      if (!list) return;
      press.rects = this.tileButtons(list).map((button) => button.getBoundingClientRect());
    }
    event.preventDefault();
    let to = press.from;
    let best = Infinity;
    press.rects.forEach((rect, i) => {
      const distance = Math.hypot(
        event.clientX - (rect.left + rect.width / 2),
        event.clientY - (rect.top + rect.height / 2),
      );
      if (distance < best) {
        best = distance;
        to = i;
      }
    });
    this.dragView = { key: press.section.key, from: press.from, to, dx, dy };
  }

  private onPointerUp(event: PointerEvent): void {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    const drop = this.dragView;
    this.press = null;
    this.dragView = null;
    if (!press.rects) return;
    // It was a drag: the click that the release makes is not an activation.
    this.suppressClick = true;
    if (drop && drop.to !== drop.from) void this.move(press.section, press.from, drop.to);
  }

  private onPointerCancel(event: PointerEvent): void {
    if (!this.press || event.pointerId !== this.press.pointerId) return;
    this.press = null;
    this.dragView = null;
  }

  private onTileKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.press) {
      // Escape drops the drag where it started.
      event.preventDefault();
      event.stopPropagation();
      const target = event.currentTarget as HTMLElement;
      if (target.hasPointerCapture(this.press.pointerId)) target.releasePointerCapture(this.press.pointerId);
      this.press = null;
      this.dragView = null;
      this.suppressClick = true;
    }
  };

  private onTileClick(icon: AppIcon): void {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    this.emit('edu-open-app', { icon });
  }

  // ----- rendering -----------------------------------------------------------------------------------------------

  private renderTile(section: Section, icon: AppIcon, index: number): TemplateResult {
    const drag = this.dragView?.key === section.key ? this.dragView : null;
    const dragging = drag?.from === index;
    const target = drag && drag.to === index && drag.to !== drag.from;
    const classes = {
      dragging: Boolean(dragging),
      'drop-before': Boolean(target && drag && drag.to < drag.from),
      'drop-after': Boolean(target && drag && drag.to > drag.from),
    };
    const style = dragging && drag ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : {};
    return html`<li class=${classMap(classes)} style=${styleMap(style)}>
      <button
        part="app"
        class=${section.reorderable ? 'app movable' : 'app'}
        type="button"
        data-code=${icon.code}
        title=${iconLabel(icon, this.language.value)}
        aria-describedby=${section.reorderable ? 'reorder-hint' : nothing}
        @click=${() => this.onTileClick(icon)}
        @pointerdown=${(event: PointerEvent) => this.onPointerDown(event, section, index)}
        @pointermove=${this.onPointerMove}
        @pointerup=${this.onPointerUp}
        @pointercancel=${this.onPointerCancel}
        @lostpointercapture=${this.onPointerCancel}
        @keydown=${this.onTileKeyDown}
      >
        ${renderAppTile({ icon, theme: this.theme, lang: this.language.value, failures: this.failures })}
      </button>
    </li>`;
  }

  private renderSection(section: Section, icons: readonly AppIcon[]): TemplateResult {
    const level = Math.min(6, Math.max(1, Math.trunc(Number(this.headingLevel)) || 2));
    const headingId = `heading-${section.key}`;
    return html`<section
      part=${section.key === 'recent' ? 'group recent' : 'group'}
      class=${classMap({ group: true, recent: section.key === 'recent', untitled: section.hiddenTitle })}
      aria-labelledby=${headingId}
    >
      <div
        id=${headingId}
        part="heading"
        class=${section.hiddenTitle ? 'heading visually-hidden' : 'heading'}
        role="heading"
        aria-level=${level}
      >
        ${section.title}
      </div>
      <ul
        part="grid"
        class="grid"
        role="list"
        data-section=${section.key}
        @keydown=${(event: KeyboardEvent) => void this.onGridKeyDown(event, section)}
      >
        ${repeat(
          icons,
          (icon) => icon.code,
          (icon, index) => this.renderTile(section, icon, index),
        )}
      </ul>
    </section>`;
  }

  protected override render() {
    const sections = this.sections();
    // Tiles still to draw, counted over the sections in order (below zero: some are left for later).
    let left = this.limit;
    const empty = this.isEmpty() && !this.loading && !this.error && this.view !== null;
    return html`<div part="base" class=${classMap({ base: true, dragging: this.dragView !== null })}>
      ${
        this.error
          ? html`<div part="error" class="error" role="alert">
              <span>${this.error}</span>
              <button part="retry" class="retry" type="button" @click=${() => this.emit('edu-desktop-reload', null)}>
                ${msg('重试', { id: 'desktop.retry' })}
              </button>
            </div>`
          : nothing
      }
      ${
        this.loading
          ? html`<div part="status" class="status" role="status">
              ${spinner}<span>${msg('正在加载应用…', { id: 'desktop.loading' })}</span>
            </div>`
          : nothing
      }
      ${sections.map((section) => {
        const drawn = left > 0 ? this.renderSection(section, section.icons.slice(0, left)) : nothing;
        left -= section.icons.length;
        return drawn;
      })}
      ${left < 0 ? html`<div class="more"></div>` : nothing}
      ${
        empty
          ? html`<p part="status" class="status empty">${msg('暂无可用的应用', { id: 'desktop.empty' })}</p>`
          : nothing
      }
      ${
        this.reorderable
          ? html`<span id="reorder-hint" class="visually-hidden">
              ${msg('按 Ctrl+方向键可调整位置', { id: 'desktop.reorderHint' })}
            </span>`
          : nothing
      }
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-desktop': EduDesktop;
  }
  interface HTMLElementEventMap {
    'edu-reorder': EduReorderEvent;
    'edu-desktop-reload': CustomEvent<null>;
  }
}
