/**
 * The upload calls of spec part 2 §7 "Upload and files" (flow of §4 "Chunked upload", errors of §8): the existence
 * check (instant second upload), the single upload, the chunk check, the chunk upload, the merge and the base64
 * image, plus `GET /api/storage/file/{fileId}` that serves an uploaded file back. Every call needs a session.
 * Bytes are streamed to disk (storage/upload-store.ts: chunks straight to their offset in one data file, so a merge
 * is a verified rename), records are in the `files` table (storage/repository.ts), limits and quotas in
 * storage/upload-service.ts. The routes are in uploads/, by topic: the existence check, the single and base64
 * uploads, the chunked upload, and the file served back.
 *
 * Upload storage security (docs/decisions.md): every number of a call is bounded by the others before any work
 * (chunks = ⌈fullSize / eachSize⌉ ≤ MAX_UPLOAD_CHUNKS, sizes ≤ the configured maximum); chunk sets belong to one
 * user (`chunks/<userId>-<md5>/`); stored bytes go to a caller by MD5 alone only when they may read a file of that
 * content already (its owner, the owner's unit), otherwise after a proof of possession (storage/proof.ts); per-user
 * quotas of stored bytes, records and chunk sets in progress; every text field has a length limit.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { sessionScope } from '../auth/session-http.ts';
import type { Services } from '../services.ts';
import { createUploadService, type UploadConfig, type UploadService } from '../storage/upload-service.ts';
import type { UploadStore } from '../storage/upload-store.ts';
import { chunkCheckRoute, chunkSetRoutes, chunkUploadRoute, mergeRoute } from './uploads/chunks.ts';
import { existenceCheckRoute } from './uploads/existence.ts';
import { fileRoute } from './uploads/file.ts';
import { base64ImageRoute, singleUploadRoute } from './uploads/single.ts';

export { defaultUploadConfig, type UploadConfig } from '../storage/upload-service.ts';
export { UPLOAD_ROUTES } from './uploads/paths.ts';

export interface UploadPluginOptions extends Services {
  store: UploadStore;
  config: UploadConfig;
}

const uploadsPlugin: FastifyPluginAsync<UploadPluginOptions> = async (app, options) => {
  const { ctx, store, config } = options;
  const uploads: UploadService = createUploadService(ctx, store, config);

  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  if (config.sweepIntervalMs > 0) {
    const timer = setInterval(() => {
      store
        .sweep(config.chunkSetMaxAgeMs)
        .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
    }, config.sweepIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const routes: FastifyPluginAsync<Services> = async (session) => {
    existenceCheckRoute(session, uploads);
    singleUploadRoute(session, uploads);
    chunkCheckRoute(session, uploads);
    chunkUploadRoute(session, uploads);
    chunkSetRoutes(session, uploads);
    mergeRoute(session, uploads);
    base64ImageRoute(session, uploads);
    fileRoute(session, uploads, ctx.storageDir);
  };

  await app.register(sessionScope(routes), options);
};

export default uploadsPlugin;
