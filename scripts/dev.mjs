// `npm run dev`: Vite with hot reload on PORT (default 5173), proxying the API paths to EDU_API_TARGET when set
// (a real back end), else to the reference server started here on API_PORT (default 8081).
import { createServer } from 'vite';
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGenerated } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
buildGenerated();

let api;
if (!process.env.EDU_API_TARGET) {
  const apiPort = process.env.API_PORT ?? '8081';
  api = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: apiPort,
      DATA_DIR: process.env.DATA_DIR ?? join(root, '.data'),
      STATIC_DIR: join(root, 'demo/dist'),
    },
  });
  process.env.EDU_API_TARGET = `http://127.0.0.1:${apiPort}`;
}
const vite = await createServer({
  configFile: join(root, 'vite.config.ts'),
  server: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? '127.0.0.1' },
});
await vite.listen();
vite.printUrls();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    api?.kill(signal);
    await vite.close();
    process.exit(0);
  });
