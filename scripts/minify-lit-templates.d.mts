import type { Plugin } from 'vite';
export function minifyCssText(text: string): string | null;
export function minifyMarkupText(text: string): string | null;
export function minifyLitTemplates(source: string): string;
export function minifyLitTemplatesPlugin(): Plugin;
