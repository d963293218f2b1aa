/**
 * The face worker thread: loads the nets on its first photo and analyses photos one at a time, so a recognition
 * (0.1–1 s of wasm) never blocks the server's event loop. Messages: `{id, photo}` in, `{id, result}` or
 * `{id, error}` out.
 */
import { parentPort } from 'node:worker_threads';
import { analyse } from './engine.ts';

interface Request {
  id: number;
  photo: Uint8Array;
}

let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', ({ id, photo }: Request) => {
  queue = queue.then(async () => {
    try {
      parentPort?.postMessage({ id, result: await analyse(photo) });
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
