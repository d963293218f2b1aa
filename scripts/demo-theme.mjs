// The demo host's theme file at build time. Its own colours (`--demo-*` in demo/src/theme.css) are written into the
// demo's stylesheets that read them as `var(--demo-…)`, and the built theme file keeps only the ones inline styles
// read, so naming a colour costs the built pages next to nothing; the development server uses the file as it is, and
// the kit's tokens (`--edu-*`) stay properties a theme sets. scripts/colour-literals.test.mjs keeps every colour in
// the theme file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_THEME_FILE = fileURLToPath(new URL('../demo/src/theme.css', import.meta.url));

/** The `--demo-*` properties the theme file declares, with their values. */
export function demoThemeValues(source) {
  return Object.fromEntries([...source.matchAll(/(--demo-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

/** `css` with every `var(--demo-…)` the theme declares replaced by its value. */
export function inlineDemoColours(css, values) {
  return css.replace(/var\((--demo-[\w-]+)\)/g, (whole, name) => values[name] ?? whole);
}

/** The theme file without the `--demo-*` declarations that nothing but `keep` reads any more. */
export function pruneDemoTheme(css, keep) {
  return css.replace(/^\s*(--demo-[\w-]+):[^;]+;\n/gm, (line, name) => (keep.has(name) ? line : ''));
}

/** The `--demo-*` properties the demo's scripts read (inline styles). */
function readByScripts() {
  const src = fileURLToPath(new URL('../demo/src', import.meta.url));
  const names = new Set();
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && /\.tsx?$/.test(entry.name))
      for (const m of readFileSync(join(entry.parentPath, entry.name), 'utf8').matchAll(/var\((--demo-[\w-]+)\)/g))
        names.add(m[1]);
  return names;
}

export function demoThemePlugin() {
  let values;
  return {
    name: 'edu-demo-theme',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (file === DEMO_THEME_FILE) return { code: pruneDemoTheme(code, readByScripts()), map: null };
      if (!/[\\/]demo[\\/]src[\\/].*\.css$/.test(file)) return null;
      values ??= demoThemeValues(readFileSync(DEMO_THEME_FILE, 'utf8'));
      return { code: inlineDemoColours(code, values), map: null };
    },
  };
}
