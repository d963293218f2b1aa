/**
 * What the upload routes call: the limits in force (configured, or set by a test hook), the per-user quotas of
 * stored bytes, records and chunk sets, and making the caller's record of stored content. The routes in
 * plugins/uploads/ parse, call this, the store (upload-store.ts) or the repository (repository.ts), and answer.
 */
import type { WireStoredFile } from '@edu-portal/core';
import type { UserRecord } from '../auth/session-user.ts';
import {
  DEFAULT_CHUNK_SET_MAX_AGE_MS,
  DEFAULT_UPLOAD_MAX_BYTES,
  DEFAULT_UPLOAD_SWEEP_INTERVAL_MS,
  DEFAULT_USER_MAX_BYTES,
  DEFAULT_USER_MAX_FILES,
  DEFAULT_USER_MAX_PENDING_SETS,
} from '../config.ts';
import type { ServerContext } from '../context.ts';
import { cleanRelativePath, contentTypeOf, isRefusedName } from './names.ts';
import { ProofChallenges } from './proof.ts';
import { refusals, UploadRefusal, type UploadCode } from './refusals.ts';
import { createUploadRepository, toWireFile } from './repository.ts';
import type { ChunkLayout, UploadStore } from './upload-store.ts';

export interface UploadConfig {
  /** The largest file stored, in bytes ('size exceeds limit' above it). */
  maxFileBytes: number;
  /** Chunk sets untouched this long are swept. */
  chunkSetMaxAgeMs: number;
  /** How often the sweep runs; 0 turns the timer off. */
  sweepIntervalMs: number;
  /** Per user: bytes stored (distinct contents of their records) plus the declared sizes of their chunk sets. */
  userMaxBytes: number;
  /** Per user: file records. */
  userMaxFiles: number;
  /** Per user: chunk sets in progress. */
  userMaxPendingSets: number;
}

export const defaultUploadConfig = (): UploadConfig => ({
  maxFileBytes: DEFAULT_UPLOAD_MAX_BYTES,
  chunkSetMaxAgeMs: DEFAULT_CHUNK_SET_MAX_AGE_MS,
  sweepIntervalMs: DEFAULT_UPLOAD_SWEEP_INTERVAL_MS,
  userMaxBytes: DEFAULT_USER_MAX_BYTES,
  userMaxFiles: DEFAULT_USER_MAX_FILES,
  userMaxPendingSets: DEFAULT_USER_MAX_PENDING_SETS,
});

/** The storage server id of a record when the call names none. */
export const DEFAULT_SERVER_ID = 'base';

/** A record of stored content to make for the caller: the name as sent (cleaned here), the rest as known. */
export interface StoredContent {
  /** The cleaned file name. */
  name: string;
  size: number;
  md5: string;
  storagePath: string;
  /** The call's `serverid` ('' or absent: the default). */
  serverid?: string | undefined;
  /** The call's `webkitRelativePath`, as sent. */
  relativePath?: string | undefined;
}

/** A refused name, under the kind of the call that refused it. */
export const nameRefusal = (name: string, code: UploadCode): UploadRefusal | null =>
  isRefusedName(name) ? refusals.typeRefused(code) : null;

/** A refusal as its envelope; anything else is thrown on (a 500). */
export function answerRefusal(error: unknown) {
  if (error instanceof UploadRefusal) return error.toEnvelope();
  throw error;
}

export function createUploadService(ctx: ServerContext, store: UploadStore, config: UploadConfig) {
  const files = createUploadRepository(ctx);
  const proofs = new ProofChallenges(ctx.now);
  const hooks = ctx.hooks?.upload ?? null;
  const maxFileBytes = () => hooks?.settings.maxFileBytes ?? config.maxFileBytes;
  const quota = () => ({
    bytes: hooks?.settings.userMaxBytes ?? config.userMaxBytes,
    files: hooks?.settings.userMaxFiles ?? config.userMaxFiles,
    sets: hooks?.settings.userMaxPendingSets ?? config.userMaxPendingSets,
  });

  /**
   * The bytes `userId` may still add to what they hold (stored contents and the declared sizes of their chunk
   * sets), and whether they may make one more file record.
   */
  const room = async (userId: number) => {
    const limits = quota();
    const used = files.usageOf(userId);
    const pending = await store.pendingOf(userId);
    return {
      bytes: Math.max(0, limits.bytes - used.bytes - pending.bytes),
      storedRoom: Math.max(0, limits.bytes - used.bytes),
      record: used.files < limits.files,
    };
  };

  return {
    files,
    proofs,
    store,
    /** The test hooks of uploads, when on. */
    hooks,
    maxFileBytes,
    room,

    /** Refuses a new record of `size` bytes of content `md5` (nothing when the user holds that content already). */
    async quotaRefusal(userId: number, md5: string, size: number, pendingCounts = true) {
      const left = await room(userId);
      const owned = files.ownsContent(userId, md5, size);
      // At the record quota, only content the user has already may still get a record (under its same name).
      if (!left.record && !owned) return refusals.quota();
      const added = owned ? 0 : size;
      return added > (pendingCounts ? left.bytes : left.storedRoom) ? refusals.quota() : null;
    },

    /**
     * Makes sure the user's chunk set exists, cut as `layout` says, within their quota: null, or the refusal (a
     * chunk of a cancelled upload is refused too).
     */
    async reserveSet(userId: number, setId: string, layout: ChunkLayout): Promise<UploadRefusal | null> {
      const limits = quota();
      try {
        const reserved = await store.reserveSet(userId, setId, layout, {
          maxSets: limits.sets,
          maxBytes: Math.max(0, limits.bytes - files.usageOf(userId).bytes),
        });
        return reserved === 'ok' ? null : refusals.quota();
      } catch (error) {
        if (error instanceof UploadRefusal) return error;
        throw error;
      }
    },

    /** The user's record of stored content (throws the quota refusal when their record quota is reached meanwhile). */
    recordFile(user: UserRecord, content: StoredContent): WireStoredFile {
      const made = files.recordFor(
        {
          name: content.name,
          mime: contentTypeOf(content.name),
          size: content.size,
          md5: content.md5,
          storagePath: content.storagePath,
          serverId: content.serverid || DEFAULT_SERVER_ID,
          ownerUserId: user.id,
          relativePath: cleanRelativePath(content.relativePath),
        },
        quota().files,
      );
      if (!made) throw refusals.quota();
      return toWireFile(made);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
