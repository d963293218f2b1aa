import type { Plugin } from 'vite';
export function minifyCssText(text: string): string | null;
export function minifyLitCss(source: string): string;
export function minifyLitCssPlugin(): Plugin;
