import type { Plugin } from 'vite';
export function minifyCssText(text: string): string | null;
export function minifyMarkupText(text: string): string | null;
export interface TokenSheet {
  values: Record<string, string>;
  helpers: Record<string, (arg: string) => string>;
}
export function readTokenSheet(source: string): TokenSheet;
export function minifyLitTemplates(source: string, sheet?: TokenSheet | null, imported?: Set<string>): string;
export function cssTemplateTexts(source: string): string[];
export function minifyLitTemplatesPlugin(): Plugin;
