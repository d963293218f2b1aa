// `npm start`: builds what is missing, then serves the demo host and the reference API on one origin
// (http://127.0.0.1:8080 unless HOST or PORT say otherwise). The server prints the URL and the demo accounts.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const needed = ['demo/dist/index.html', 'demo/dist/edu-elements.js', 'packages/elements/custom-elements.json'];
if (needed.some((f) => !existsSync(join(root, f)))) {
  console.log('Building the demo host (first start)…');
  buildAll();
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: process.env.HOST ?? '127.0.0.1',
    PORT: process.env.PORT ?? '8080',
    DATA_DIR: process.env.DATA_DIR ?? join(root, '.data'),
    STATIC_DIR: join(root, 'demo/dist'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
