// Serves react, react-dom and their entry points to the browser as ES modules: one esbuild bundle holds every
// entry (so they share one React), and a small module per entry re-exports its named members.
import { build } from 'esbuild';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ENTRIES = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-dom/test-utils',
];
const PREFIX = '/__react-esm/';
const ident = (name) => `m${ENTRIES.indexOf(name)}`;
// Named exports of each entry, read when the config loads (React patches the console when required later).
const NAMES = Object.fromEntries(
  ENTRIES.map((e) => [e, Object.keys(require(e)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default')]),
);

export function reactEsmPlugin() {
  let bundle;
  const bundled = () =>
    (bundle ??= build({
      stdin: {
        contents: ENTRIES.map((e) => `export * as ${ident(e)} from '${e}';`).join('\n'),
        resolveDir: process.cwd(),
      },
      bundle: true,
      format: 'esm',
      write: false,
      define: { 'process.env.NODE_ENV': '"development"' },
    }).then((r) => r.outputFiles[0].text));
  return {
    name: 'react-esm',
    resolveImport({ source }) {
      if (ENTRIES.includes(source)) return `${PREFIX}${source}.js`;
    },
    async serve(ctx) {
      if (!ctx.path.startsWith(PREFIX)) return;
      if (ctx.path === `${PREFIX}bundle.js`) return { body: await bundled(), type: 'js' };
      const entry = ctx.path.slice(PREFIX.length, -'.js'.length);
      if (!ENTRIES.includes(entry)) return;
      const names = NAMES[entry];
      const body = [
        `import { ${ident(entry)} as ns } from '${PREFIX}bundle.js';`,
        `const m = ns.default ?? ns;`,
        `export default m;`,
        `export const { ${names.join(', ')} } = m;`,
      ].join('\n');
      return { body, type: 'js' };
    },
  };
}
