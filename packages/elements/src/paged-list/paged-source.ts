/**
 * The server side of `<edu-paged-list>` (spec part 2 §3 "Paged response/query", §7 "Paged list"): building the
 * request of one page and reading its answer. Kept apart from the element so the rules can be tested alone.
 */
import type { Client, RequestOptions } from '@edu-portal/core/http/client.ts';

/** How the page is asked for: query string, url-encoded form, or JSON body. */
export type PagedMethod = 'get' | 'post' | 'post-json';

/** The spec's `pageApi` configuration. */
export interface PageApi {
  /** Path of the call, e.g. `/api/demo/students`. Must not be empty. */
  api: string;
  /** `get` (default), `post` (form) or `post-json`; `postJson` and `json` are read as `post-json`. */
  method?: PagedMethod | string;
  /** Query parameters sent with every page. */
  params?: Record<string, unknown>;
  /** Name of the page-number parameter (1-based); default `start`. */
  pageKey?: string;
  /** Name of the page-size parameter; default `size`. */
  sizeKey?: string;
}

export interface PageResult<T = unknown> {
  list: T[];
  total: number;
  /** False for a non-paged answer (`data` is an array): the list is every row. */
  paged: boolean;
}

export const DEFAULT_PAGE_KEY = 'start';
export const DEFAULT_SIZE_KEY = 'size';

/** The method as the core client spells it; anything unknown is passed on for the client to refuse. */
export function normaliseMethod(method: string | undefined): PagedMethod | string {
  const m = (method ?? 'get').trim().toLowerCase();
  if (m === '' || m === 'get') return 'get';
  if (m === 'post') return 'post';
  if (m === 'post-json' || m === 'postjson' || m === 'json' || m === 'post_json') return 'post-json';
  return m;
}

/** A stable text for a configuration, so a host that builds an equal object on every render causes no reload. */
export function queryKey(api: PageApi | null | undefined): string | null {
  if (!api) return null;
  return JSON.stringify([
    api.api ?? '',
    normaliseMethod(api.method),
    api.params ?? {},
    api.pageKey || DEFAULT_PAGE_KEY,
    api.sizeKey || DEFAULT_SIZE_KEY,
  ]);
}

/** The payload of one page: the query parameters plus the page and size keys. */
export function pagePayload(api: PageApi, page: number, size: number): Record<string, unknown> {
  return {
    ...(api.params ?? {}),
    [api.pageKey || DEFAULT_PAGE_KEY]: page,
    [api.sizeKey || DEFAULT_SIZE_KEY]: size,
  };
}

/** Sends the request of one page through the core client. */
export function requestPage(
  client: Client,
  api: PageApi,
  page: number,
  size: number,
  signal: AbortSignal,
): Promise<{ data: unknown }> {
  const payload = pagePayload(api, page, size);
  const options: RequestOptions = { signal };
  const method = normaliseMethod(api.method);
  if (method === 'get') return client.get(api.api, payload, options);
  if (method === 'post') return client.post(api.api, payload, { ...options, form: true });
  if (method === 'post-json') return client.post(api.api, payload, options);
  return client.request(method, api.api, payload, options);
}

function toTotal(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/**
 * `data: {list, total}` (paged), or `data: [...]` (a non-paged answer: every row, one page). Anything else reads as
 * no rows.
 */
export function readPage<T = unknown>(data: unknown): PageResult<T> {
  if (Array.isArray(data)) return { list: data as T[], total: data.length, paged: false };
  if (data && typeof data === 'object') {
    const { list, total } = data as { list?: unknown; total?: unknown };
    const rows = Array.isArray(list) ? (list as T[]) : [];
    return { list: rows, total: toTotal(total, rows.length), paged: true };
  }
  return { list: [], total: 0, paged: true };
}

/** Pages for `total` rows of `size` (at least 1). */
export function pageCountOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/**
 * The page numbers between the first and the last that the pager shows, and whether the "more" buttons appear
 * (the rule users know from Element Plus: `pagerCount` buttons in all, the current page kept in the middle).
 */
export function pagerWindow(
  current: number,
  pageCount: number,
  pagerCount: number,
): { pages: number[]; prevMore: boolean; nextMore: boolean } {
  const half = (pagerCount - 1) / 2;
  let prevMore = false;
  let nextMore = false;
  if (pageCount > pagerCount) {
    prevMore = current > pagerCount - half;
    nextMore = current < pageCount - half;
  }
  const pages: number[] = [];
  if (prevMore && !nextMore) {
    for (let i = pageCount - (pagerCount - 2); i < pageCount; i++) pages.push(i);
  } else if (!prevMore && nextMore) {
    for (let i = 2; i < pagerCount; i++) pages.push(i);
  } else if (prevMore && nextMore) {
    const offset = Math.floor(pagerCount / 2) - 1;
    for (let i = current - offset; i <= current + offset; i++) pages.push(i);
  } else {
    for (let i = 2; i < pageCount; i++) pages.push(i);
  }
  return { pages, prevMore, nextMore };
}

/** Reads `path` (`a.b.c`) of a row. */
export function fieldValue(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * A compiled `<template>` row: its content is cloned per row and every element with `data-field="path"` gets the
 * row's value as text (never as HTML). `data-field="$number"` is the row's number across pages (1-based).
 */
export interface RowTemplate {
  render(list: readonly unknown[], firstNumber: number): DocumentFragment;
}

export function compileRowTemplate(template: HTMLTemplateElement): RowTemplate {
  const content = template.content;
  // Paths of child indexes to each bound element, found once: walking them per row is cheaper than a query.
  const bindings: { path: number[]; field: string }[] = [];
  const walk = (node: Node, path: number[]) => {
    node.childNodes.forEach((child, index) => {
      if (child instanceof Element) {
        const field = child.getAttribute('data-field');
        // A bound element's text replaces its children, so nothing inside it is bound.
        if (field) bindings.push({ path: [...path, index], field });
        else walk(child, [...path, index]);
      }
    });
  };
  walk(content, []);
  return {
    render(list, firstNumber) {
      const fragment = document.createDocumentFragment();
      for (let i = 0; i < list.length; i++) {
        const row = list[i];
        const clone = content.cloneNode(true) as DocumentFragment;
        for (const { path, field } of bindings) {
          let node: Node = clone;
          for (const index of path) node = node.childNodes[index]!;
          const value = field === '$number' ? firstNumber + i : fieldValue(row, field);
          node.textContent = value === null || value === undefined ? '' : String(value);
        }
        fragment.append(clone);
      }
      return fragment;
    },
  };
}
