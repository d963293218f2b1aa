import type { Plugin } from 'vite';
export const DEMO_THEME_FILE: string;
export function demoThemeValues(source: string): Record<string, string>;
export function inlineDemoColours(css: string, values: Record<string, string>): string;
export function demoThemePlugin(): Plugin;
export function pruneDemoTheme(css: string, keep: Set<string>): string;
