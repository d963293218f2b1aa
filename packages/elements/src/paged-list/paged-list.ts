import { html, nothing, render, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '@lit/localize';
import { client as pageClient, type Client } from '@edu-portal/core/http/client.ts';
import { isRequestError } from '@edu-portal/core/http/errors.ts';
import { notify } from '@edu-portal/core/platform/notify.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@edu-portal/core/constants.ts';
import { EduElement } from '../internal/edu-element.ts';
import { currentLocale } from '../internal/localize.ts';
import { pagedListStyles } from './paged-list.styles.ts';
import {
  compileRowTemplate,
  pageCountOf,
  pagerWindow,
  queryKey,
  readPage,
  requestPage,
  type PageApi,
  type RowTemplate,
} from './paged-source.ts';

export type { PageApi, PagedMethod, PageResult } from './paged-source.ts';

/** Parts of the pager, in the order of the `layout` text. */
export type PagedLayoutItem = 'total' | 'sizes' | 'prev' | 'pager' | 'next' | 'jumper';

/** Spec part 2 §9: total, sizes, prev, pager, next. */
export const DEFAULT_PAGED_LAYOUT = 'total, sizes, prev, pager, next';
const LAYOUT_ITEMS: readonly PagedLayoutItem[] = ['total', 'sizes', 'prev', 'pager', 'next', 'jumper'];

export interface PagedState {
  page: number;
  size: number;
  total: number;
}

export interface EduPageChangeDetail {
  page: number;
  size: number;
  previousPage: number;
  previousSize: number;
}

export interface EduLoadDetail<T = unknown> extends PagedState {
  list: T[];
}

export interface EduLoadErrorDetail {
  error: unknown;
}

export type EduPageChangeEvent = CustomEvent<EduPageChangeDetail>;
export type EduPageLoadEvent = CustomEvent<EduLoadDetail>;
export type EduPageErrorEvent = CustomEvent<EduLoadErrorDetail>;

/** What `renderItems` returns is rendered by Lit into the rows container: a template, nodes, text. */
export type PagedRender<T = unknown> = (list: T[], state: PagedState) => unknown;

const chevronLeft = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M10.4 2.6 5 8l5.4 5.4-1 1L3 8l6.4-6.4z"/></svg>`;
const chevronRight = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M5.6 2.6 11 8l-5.4 5.4 1 1L13 8 6.6 1.6z"/></svg>`;

/** `page-sizes="30,100"` or `page-sizes="[30,100]"`. */
const sizesConverter = {
  fromAttribute(value: string | null): number[] {
    const numbers = (value ?? '')
      .replace(/[[\]]/g, '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
    return numbers.length ? numbers : [...PAGE_SIZE_OPTIONS];
  },
  toAttribute: (value: number[]) => value.join(','),
};

/** `page-api='{"api": "/api/…"}'`; text that is not a JSON object reads as no configuration (and warns). */
const pageApiConverter = {
  fromAttribute(value: string | null): PageApi | null {
    try {
      const parsed: unknown = value ? JSON.parse(value) : null;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PageApi) : null;
    } catch {
      return null;
    }
  },
  toAttribute: (value: PageApi | null) => (value ? JSON.stringify(value) : null),
};

function positiveInteger(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;
}

/**
 * A container for server paging (spec part 2 §2 "Paged list container", §4 "Paged container"): it asks `pageApi`
 * for one page at a time (`get`, `post` form or `post-json`, with `start` and `size` or keys of your own plus the
 * query parameters) and shows the pager: total, sizes (30, 100, 200, 300, 400; default 30), prev, pager, next.
 *
 * Controlled: `page` and `size` are the truth and a host may set them at any time (the list reloads; no event).
 * A user's choice fires one cancelable `edu-page-change` and is applied unless cancelled. The element changes
 * `page` itself only by the spec's rules: a size change goes to page 1; a page above 1 that comes back empty steps
 * back (straight to the last page when the total shrank) and reloads; a failure empties the list (total 0, page 1).
 * `edu-page-load` reports every loaded page, so a host can follow these corrections. A new query (`pageApi` with other
 * parameters) starts at page 1.
 *
 * Rows: a `<template>` child whose `data-field="name"` elements get each row's values as text (clones go into the
 * `[data-rows]` element, e.g. a `<tbody>`); or `renderItems(list, state)` rendered by Lit into the same place; or
 * the host renders the rows itself into the default slot from `edu-page-load` / `list` (React).
 *
 * Without `pageApi` it warns '提示: pageApi config not found'; without `pageApi.api` that it must not be empty
 * (localised warnings through core's notifier).
 *
 * @summary Server-paged list with a pager.
 * @tagname edu-paged-list
 *
 * @slot - The list: a table or list whose rows the host renders, or that holds the `[data-rows]` element.
 * @slot empty - Shown when a loaded page has no rows; default "暂无数据".
 *
 * @fires {CustomEvent<{page: number, size: number, previousPage: number, previousSize: number}>} edu-page-change -
 *   The user chose a page or a page size (once per action, never for changes made by the host or by the rules).
 *   Cancelable: `preventDefault()` keeps the current page.
 * @fires {CustomEvent<{list: unknown[], page: number, size: number, total: number}>} edu-page-load - A page loaded
 *   and its rows are rendered.
 * @fires {CustomEvent<{error: unknown}>} edu-page-error - Loading failed: the list is empty, total 0, page 1.
 *
 * @csspart base - The whole container.
 * @csspart body - The box around the list, the empty text and the loading mask.
 * @csspart empty - The empty text.
 * @csspart loading - The loading mask over the list.
 * @csspart spinner - The spinner in the loading mask.
 * @csspart pagination - The pager's `<nav>`.
 * @csspart total - The total text.
 * @csspart sizes - The page-size `<select>`.
 * @csspart prev - The previous-page button.
 * @csspart next - The next-page button.
 * @csspart pager - The list of page buttons.
 * @csspart page - A page button; the current one also has `page-current`.
 * @csspart page-current - The current page's button.
 * @csspart more - A "5 pages back/on" button.
 * @csspart jumper - The go-to-page box.
 *
 * @cssprop [--edu-color-primary] - Hover, focus and spinner colour.
 * @cssprop [--edu-color-primary-dark] - Background of the current page.
 * @cssprop [--edu-paged-list-button-size=32px] - Height and minimum width of the pager buttons.
 * @cssprop [--edu-paged-list-gap=8px] - Gap between the pager's parts.
 * @cssprop [--edu-paged-list-color=#303133] - Text colour of the pager.
 * @cssprop [--edu-paged-list-muted-color=#606266] - Colour of the total and disabled text.
 * @cssprop [--edu-paged-list-border-color=#dcdfe6] - Border of the select and the jumper.
 * @cssprop [--edu-paged-list-mask=rgb(255 255 255 / 0.7)] - Loading mask over the list.
 * @cssprop [--edu-paged-list-min-height=120px] - Smallest height of the list area while loading or empty.
 */
export class EduPagedList<T = unknown> extends EduElement {
  static override styles = pagedListStyles;

  /** The call: `{api, method?, params?, pageKey?, sizeKey?}`; attribute `page-api` takes JSON. */
  @property({ attribute: 'page-api', converter: pageApiConverter }) pageApi: PageApi | null = null;

  /** The current page, 1-based. */
  @property({ type: Number }) page = 1;

  /** Rows per page; default 30. */
  @property({ type: Number }) size = DEFAULT_PAGE_SIZE;

  /** Choices of the size select; default 30, 100, 200, 300, 400. */
  @property({ attribute: 'page-sizes', converter: sizesConverter }) pageSizes: number[] = [...PAGE_SIZE_OPTIONS];

  /** Pager parts in order, comma separated: `total`, `sizes`, `prev`, `pager`, `next`, `jumper`. */
  @property() layout = DEFAULT_PAGED_LAYOUT;

  /** Page buttons shown at most, including first and last (odd, 5–21). */
  @property({ attribute: 'pager-count', type: Number }) pagerCount = 7;

  /** Hides the pager when there is only one page. */
  @property({ attribute: 'hide-on-single-page', type: Boolean }) hideOnSinglePage = false;

  /** Disables the pager. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Renders the rows into the `[data-rows]` element (or a container the element adds) with Lit. */
  @property({ attribute: false }) renderItems: PagedRender<T> | null = null;

  /** The request client; default the page's (core `client`). */
  @property({ attribute: false }) client: Client = pageClient;

  /** Rows of the current page. */
  @state() list: T[] = [];

  /** Rows in all pages, as the server said. */
  @state() total = 0;

  /** Whether a page is loading (also the `loading` attribute). */
  @state() loading = false;

  /** False after a non-paged answer (`data` an array): every row is on the one page. */
  @state() private paged = true;

  /** Text of the polite live region, set after a user's page change has loaded. */
  @state() private announcement = '';

  private loadedKey: string | null = null;
  private currentLoad: Promise<void> | null = null;
  private loadPending = false;
  private renderedLocale = '';
  private lastQueryKey: string | null = null;
  private controller: AbortController | null = null;
  private sequence = 0;
  private warned: 'missing' | 'api' | null = null;
  private userAction = false;
  private focusPager = false;
  private compiled: { template: HTMLTemplateElement; row: RowTemplate } | null = null;
  private ownRows: HTMLElement | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected (moved in the DOM): load again unless the same page is already shown.
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.controller) {
      // A load cut short runs again on reconnect.
      this.controller.abort();
      this.controller = null;
      this.sequence++;
      this.loadedKey = null;
      this.loading = false;
    }
  }

  /** Pages for the current total and size (1 for a non-paged answer). */
  get pageCount(): number {
    return this.paged ? pageCountOf(this.total, this.size) : 1;
  }

  /** Loads the current page again (after the host changed data); an emptied page steps back. Settles when done. */
  async reload(): Promise<void> {
    this.loadedKey = null;
    this.requestUpdate();
    await this.settled();
  }

  /** Resolves when no load is in flight, the steps back of an emptied page included. */
  async settled(): Promise<void> {
    await this.updateComplete;
    while (this.currentLoad) {
      await this.currentLoad;
      await this.updateComplete;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.page = positiveInteger(this.page, 1);
    this.size = positiveInteger(this.size, DEFAULT_PAGE_SIZE);
    const key = queryKey(this.pageApi);
    // A new query, or a new size set by the host, starts at page 1 unless the host chose the page too.
    const newQuery = this.lastQueryKey !== null && key !== this.lastQueryKey;
    const newSize = changed.has('size') && changed.get('size') !== undefined;
    if ((newQuery || newSize) && !changed.has('page')) this.page = 1;
    this.lastQueryKey = key;
    const loadKey = `${key}|${this.page}|${this.size}`;
    if (loadKey !== this.loadedKey && this.isConnected) {
      this.loadedKey = loadKey;
      this.loadPending = true;
      // Shown in this very render, so the mask never lags behind the request.
      if (this.pageApi?.api) this.loading = true;
    }
    this.toggleAttribute('loading', this.loading);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (this.loadPending) {
      this.loadPending = false;
      const running: Promise<void> = this.load().finally(() => {
        if (this.currentLoad === running) this.currentLoad = null;
      });
      this.currentLoad = running;
    }
    // Rows follow the list, and the language when a render function may print localised text.
    const locale = currentLocale();
    if (changed.has('list') || changed.has('renderItems') || (this.renderItems && locale !== this.renderedLocale)) {
      this.renderedLocale = locale;
      this.renderRows();
    }
    if (this.focusPager) {
      this.focusPager = false;
      this.keepFocusInPager();
    }
  }

  private warnOnce(problem: 'missing' | 'api'): void {
    if (this.warned === problem) return;
    this.warned = problem;
    const message =
      problem === 'missing'
        ? msg('提示: pageApi config not found', { id: 'pagedList.noPageApi' })
        : msg('pageApi.api 不能为空', { id: 'pagedList.noApi' });
    notify({ type: 'warning', message });
  }

  private async load(): Promise<void> {
    this.controller?.abort();
    this.controller = null;
    const api = this.pageApi;
    if (!api || typeof api !== 'object' || !api.api) {
      this.warnOnce(!api || typeof api !== 'object' ? 'missing' : 'api');
      this.showEmpty();
      return;
    }
    this.warned = null;
    const controller = new AbortController();
    this.controller = controller;
    const sequence = ++this.sequence;
    const { page, size } = this;
    const byUser = this.userAction;
    this.userAction = false;
    try {
      const envelope = await requestPage(this.client, api, page, size, controller.signal);
      if (sequence !== this.sequence) return;
      const { list, total, paged } = readPage<T>(envelope.data);
      if (list.length === 0 && page > 1) {
        // Spec §4: a page above 1 that comes back empty steps back and reloads; when the total shrank, the page
        // is clamped to the new last page at once instead of one step per request.
        this.userAction = byUser;
        this.page = Math.min(page - 1, pageCountOf(total, size));
        return;
      }
      this.list = list;
      this.total = total;
      this.paged = paged;
      this.loading = false;
      this.controller = null;
      if (byUser) this.announcement = this.pageText(page, pageCountOf(total, size));
      await this.updateComplete;
      this.emit('edu-page-load', { list, page, size, total });
    } catch (error) {
      if (sequence !== this.sequence) return;
      if (isRequestError(error) && error.kind === 'aborted' && controller.signal.aborted) return;
      this.controller = null;
      this.showEmpty();
      // Spec §8: a failure empties the list, total 0, page 1, without loading page 1 again.
      this.page = 1;
      this.loadedKey = `${queryKey(this.pageApi)}|1|${this.size}`;
      await this.updateComplete;
      this.emit('edu-page-error', { error });
    }
  }

  private showEmpty(): void {
    this.sequence++;
    // Only real changes, so that a call from updated() schedules no needless update.
    if (this.list.length) this.list = [];
    this.total = 0;
    this.paged = true;
    this.loading = false;
  }

  private pageText(page: number, count: number): string {
    return msg(str`第 ${page} 页，共 ${count} 页`, { id: 'pagedList.pageOf' });
  }

  /** A user's choice: one event, applied unless cancelled. */
  private choose(page: number, size: number): void {
    if (this.disabled) return;
    const count = size === this.size ? this.pageCount : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(1, Math.floor(page)), count);
    if (target === this.page && size === this.size) return;
    const detail: EduPageChangeDetail = {
      page: target,
      size,
      previousPage: this.page,
      previousSize: this.size,
    };
    // Focus is looked after only when it was in the pager (a keyboard or mouse user there).
    this.focusPager = this.shadowRoot?.activeElement != null;
    const allowed = this.emit('edu-page-change', detail, { cancelable: true });
    if (!allowed) {
      // Puts the select back on the size in force.
      this.requestUpdate();
      return;
    }
    this.userAction = true;
    this.size = size;
    this.page = target;
  }

  /** After a change the focused button may be gone or disabled: focus goes to the current page instead of the body. */
  private keepFocusInPager(): void {
    const root = this.shadowRoot;
    if (!root) return;
    const active = root.activeElement as HTMLButtonElement | null;
    if (active && !active.disabled) return;
    root.querySelector<HTMLElement>('[part~="page-current"]')?.focus();
  }

  private rowsContainer(): HTMLElement {
    const own = this.querySelector<HTMLElement>('[data-rows]');
    if (own) return own;
    if (!this.ownRows) {
      this.ownRows = document.createElement('div');
      this.ownRows.setAttribute('data-rows', '');
      this.append(this.ownRows);
    }
    return this.ownRows;
  }

  private rowTemplate(): RowTemplate | null {
    const template = this.querySelector<HTMLTemplateElement>(':scope > template');
    if (!template) return null;
    if (this.compiled?.template !== template) this.compiled = { template, row: compileRowTemplate(template) };
    return this.compiled.row;
  }

  private renderRows(): void {
    const state: PagedState = { page: this.page, size: this.size, total: this.total };
    if (this.renderItems) {
      render(this.renderItems(this.list, state), this.rowsContainer());
      return;
    }
    const template = this.rowTemplate();
    if (template) {
      const first = (this.page - 1) * this.size + 1;
      this.rowsContainer().replaceChildren(template.render(this.list, first));
    }
  }

  private layoutItems(): PagedLayoutItem[] {
    return this.layout
      .split(',')
      .map((s) => s.trim())
      .filter((s): s is PagedLayoutItem => (LAYOUT_ITEMS as readonly string[]).includes(s));
  }

  private sizeOptions(): number[] {
    const sizes = new Set(this.pageSizes.length ? this.pageSizes : PAGE_SIZE_OPTIONS);
    sizes.add(this.size);
    return [...sizes].sort((a, b) => a - b);
  }

  private renderTotal(): TemplateResult {
    const total = this.total;
    return html`<span part="total" class="total">${msg(str`共 ${total} 条`, { id: 'pagedList.total' })}</span>`;
  }

  private renderSizes(): TemplateResult {
    return html`<select
      part="sizes"
      class="sizes"
      aria-label=${msg('每页条数', { id: 'pagedList.pageSize' })}
      .value=${live(String(this.size))}
      ?disabled=${this.disabled}
      @change=${(e: Event) => this.choose(1, Number((e.target as HTMLSelectElement).value))}
    >
      ${this.sizeOptions().map(
        (n) =>
          html`<option value=${String(n)} ?selected=${n === this.size}>
            ${msg(str`${n} 条/页`, { id: 'pagedList.perPage' })}
          </option>`,
      )}
    </select>`;
  }

  private renderPrev(): TemplateResult {
    return html`<button
      type="button"
      part="prev"
      class="arrow"
      aria-label=${msg('上一页', { id: 'pagedList.prev' })}
      ?disabled=${this.disabled || this.page <= 1}
      @click=${() => this.choose(this.page - 1, this.size)}
    >
      ${chevronLeft}
    </button>`;
  }

  private renderNext(): TemplateResult {
    return html`<button
      type="button"
      part="next"
      class="arrow"
      aria-label=${msg('下一页', { id: 'pagedList.next' })}
      ?disabled=${this.disabled || this.page >= this.pageCount}
      @click=${() => this.choose(this.page + 1, this.size)}
    >
      ${chevronRight}
    </button>`;
  }

  private renderPageButton(n: number): TemplateResult {
    const current = n === this.page;
    return html`<li>
      <button
        type="button"
        part=${current ? 'page page-current' : 'page'}
        class="page"
        aria-label=${msg(str`第 ${n} 页`, { id: 'pagedList.page' })}
        aria-current=${current ? 'page' : nothing}
        ?disabled=${this.disabled}
        @click=${() => this.choose(n, this.size)}
      >
        ${n}
      </button>
    </li>`;
  }

  private renderPager(): TemplateResult {
    const count = this.pageCount;
    const pagerCount = Math.min(21, Math.max(5, this.pagerCount | 1));
    const current = Math.min(this.page, count);
    const { pages, prevMore, nextMore } = pagerWindow(current, count, pagerCount);
    const jump = pagerCount - 2;
    type Item = number | 'prev-more' | 'next-more';
    const items: Item[] = [1];
    if (prevMore) items.push('prev-more');
    items.push(...pages);
    if (nextMore) items.push('next-more');
    if (count > 1) items.push(count);
    return html`<ul part="pager" class="pager">
      ${repeat(
        items,
        (item) => item,
        (item) => {
          if (typeof item === 'number') return this.renderPageButton(item);
          const back = item === 'prev-more';
          const label = back
            ? msg(str`向前 ${jump} 页`, { id: 'pagedList.prevMore' })
            : msg(str`向后 ${jump} 页`, { id: 'pagedList.nextMore' });
          return html`<li>
            <button
              type="button"
              part="more"
              class="page more"
              aria-label=${label}
              title=${label}
              ?disabled=${this.disabled}
              @click=${() => this.choose(back ? this.page - jump : this.page + jump, this.size)}
            >
              <span class="dots" aria-hidden="true">…</span
              ><span class="arrows" aria-hidden="true">${back ? '«' : '»'}</span>
            </button>
          </li>`;
        },
      )}
    </ul>`;
  }

  private renderJumper(): TemplateResult {
    const go = (input: HTMLInputElement) => {
      const n = Number(input.value);
      if (input.value.trim() !== '' && Number.isFinite(n)) this.choose(n, this.size);
      input.value = '';
    };
    return html`<label part="jumper" class="jumper">
      ${msg('前往页码', { id: 'pagedList.goto' })}
      <input
        type="number"
        inputmode="numeric"
        min="1"
        max=${this.pageCount}
        ?disabled=${this.disabled}
        @keydown=${(e: KeyboardEvent) => {
          if (e.key === 'Enter') go(e.target as HTMLInputElement);
        }}
        @change=${(e: Event) => go(e.target as HTMLInputElement)}
      />
    </label>`;
  }

  protected override render(): TemplateResult {
    const hidePager = this.hideOnSinglePage && this.pageCount <= 1;
    const empty = !this.loading && this.list.length === 0;
    const parts: Record<PagedLayoutItem, () => TemplateResult> = {
      total: () => this.renderTotal(),
      sizes: () => this.renderSizes(),
      prev: () => this.renderPrev(),
      pager: () => this.renderPager(),
      next: () => this.renderNext(),
      jumper: () => this.renderJumper(),
    };
    return html`<div part="base" class="base">
      <div
        part="body"
        class=${this.loading || empty ? 'body reserve' : 'body'}
        aria-busy=${this.loading ? 'true' : 'false'}
      >
        <slot></slot>
        <div part="empty" class="empty" ?hidden=${!empty}>
          <slot name="empty">${msg('暂无数据', { id: 'pagedList.empty' })}</slot>
        </div>
        <div part="loading" class="loading" ?hidden=${!this.loading}>
          <div class="indicator">
            <span part="spinner" class="spinner" aria-hidden="true"></span>
            <span>${msg('加载中…', { id: 'pagedList.loading' })}</span>
          </div>
        </div>
      </div>
      ${
        hidePager
          ? nothing
          : html`<nav part="pagination" class="pagination" aria-label=${msg('分页', { id: 'pagedList.pagination' })}>
              ${this.layoutItems().map((item) => parts[item]())}
            </nav>`
      }
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    /** The user chose a page or a page size; cancelable. */
    'edu-page-change': EduPageChangeEvent;
    /** A page loaded and its rows are rendered. */
    'edu-page-load': EduPageLoadEvent;
    /** Loading a page failed; the list was emptied. */
    'edu-page-error': EduPageErrorEvent;
  }
}
