// The one way the demo host declares its own texts (the elements localise themselves with @lit/localize; server
// texts go through core i18n): a table per page or area in the three languages, the zh-CN one giving the shape.
import type { Lang } from '@edu-portal/core/i18n/language.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';

/** The three tables: `en` and `zh-HK` must have zh-CN's keys and no others, so no language can lag behind. */
export type TextTables<T> = { readonly 'zh-CN': T } & { readonly [L in Exclude<Lang, 'zh-CN'>]: NoInfer<T> };

/** Declares a text table and returns its hook: the table of the language in force, re-rendering on a change. */
export function defineTexts<T>(tables: TextTables<T>): () => T {
  return () => tables[useLanguage()];
}

/** `{name}` placeholders filled from `values`; a placeholder without a value stays as it is. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}
