/**
 * Uploaded files in the `files` table (spec part 2 §7 "Upload and files"). Many records may point at the same
 * stored bytes (deduplication by MD5 and size); a record belongs to the user who uploaded it. Every query of
 * stored files is here; the routes in plugins/uploads/ and plugins/storage.ts only parse, call and answer.
 */
import type { WireStoredFile } from '@edu-portal/core';
import type { UserRecord } from '../auth/session-user.ts';
import type { ServerContext } from '../context.ts';
import type { JsonSchema } from '../http/envelope.ts';

/** A `files` row as the upload calls read it. */
export interface FileRecord {
  id: number;
  name: string;
  mime: string;
  size: number;
  md5: string;
  storagePath: string;
  serverId: string;
  isPublic: number;
  ownerUserId: number | null;
  /** The file's path in the folder it came with ('' for a file picked alone). */
  relativePath: string;
}

export const storedFileSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    size: { type: 'integer' },
    md5: { type: 'string' },
    type: { type: 'string' },
    serverId: { type: 'string' },
    url: { type: 'string' },
    webkitRelativePath: {
      type: 'string',
      description: "The file's path in the folder it was picked or dropped with ('' for a file alone)",
    },
  },
  required: ['id', 'name', 'size', 'md5', 'type', 'serverId', 'url'],
};

/** The call that serves an uploaded file's bytes back. */
export const uploadedFileUrl = (fileId: number): string => `/api/storage/file/${fileId}`;

export const toWireFile = (file: FileRecord): WireStoredFile => ({
  id: String(file.id),
  name: file.name,
  size: file.size,
  md5: file.md5,
  type: file.mime,
  serverId: file.serverId,
  url: uploadedFileUrl(file.id),
  webkitRelativePath: file.relativePath,
});

const SELECT_FILE = `SELECT id, name, mime, size, md5, storage_path AS storagePath, server_id AS serverId,
  is_public AS isPublic, owner_user_id AS ownerUserId, COALESCE(relative_path, '') AS relativePath FROM files`;

/**
 * Who may read a file: anyone for a public one; otherwise its owner and the users of the owner's unit (the rule
 * of `GET /api/storage/show/{fileId}`).
 */
const READABLE_BY = `(f.is_public = 1 OR f.owner_user_id = @userId OR EXISTS (
  SELECT 1 FROM users o WHERE o.id = f.owner_user_id AND o.unit_id = @unitId))`;

/** A file to store: a record without its id and visibility, with an owner; the path cleaned, absent for a file alone. */
export type NewFile = Omit<FileRecord, 'id' | 'isPublic' | 'ownerUserId' | 'relativePath'> & {
  ownerUserId: number;
  relativePath?: string;
};

export function createUploadRepository(ctx: ServerContext) {
  const { db } = ctx;
  const findById = (id: number): FileRecord | undefined =>
    db.prepare(`${SELECT_FILE} WHERE id = ?`).get(id) as FileRecord | undefined;
  return {
    findById,

    /** The file of a unit's logo. */
    unitLogo(unitId: number): FileRecord | undefined {
      return db.prepare(`${SELECT_FILE} WHERE id = (SELECT logo_file_id FROM units WHERE id = ?)`).get(unitId) as
        FileRecord | undefined;
    },

    /** Whether `user` may read `file`. */
    canRead(file: FileRecord, user: UserRecord): boolean {
      const row = db
        .prepare(`SELECT 1 FROM files f WHERE f.id = @id AND ${READABLE_BY}`)
        .get({ id: file.id, userId: user.id, unitId: user.unitId });
      return row !== undefined;
    },

    /** Whether `user` may already read some file with this content (the second upload's entitlement). */
    readableWithContent(md5: string, size: number, user: UserRecord): boolean {
      const row = db
        .prepare(`SELECT 1 FROM files f WHERE f.md5 = @md5 AND f.size = @size AND ${READABLE_BY} LIMIT 1`)
        .get({ md5, size, userId: user.id, unitId: user.unitId });
      return row !== undefined;
    },

    /** What `userId` holds: their records, and the bytes of the distinct contents those records point at. */
    usageOf(userId: number): { files: number; bytes: number } {
      const row = db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM files WHERE owner_user_id = @userId) AS files,
             (SELECT COALESCE(SUM(size), 0) FROM (SELECT DISTINCT md5, size FROM files WHERE owner_user_id = @userId))
             AS bytes`,
        )
        .get({ userId }) as { files: number; bytes: number };
      return row;
    },

    /** Whether `userId` has a record of this content already (a new record of it adds no stored bytes). */
    ownsContent(userId: number, md5: string, size: number): boolean {
      return (
        db
          .prepare('SELECT 1 FROM files WHERE owner_user_id = ? AND md5 = ? AND size = ? LIMIT 1')
          .get(userId, md5, size) !== undefined
      );
    },

    /**
     * The user's record of this content under this name, created when missing: uploading the same file twice
     * gives the same record, another user or another name gets a record of their own over the same bytes. Null
     * when a new record would pass `maxFiles` records of the user. The same file from another folder is another record.
     */
    recordFor(file: NewFile, maxFiles = Number.POSITIVE_INFINITY): FileRecord | null {
      const relativePath = file.relativePath ?? '';
      return db.transaction(() => {
        const existing = db
          .prepare(
            `${SELECT_FILE} WHERE owner_user_id = ? AND md5 = ? AND size = ? AND name = ? AND server_id = ?
             AND COALESCE(relative_path, '') = ? ORDER BY id LIMIT 1`,
          )
          .get(file.ownerUserId, file.md5, file.size, file.name, file.serverId, relativePath) as FileRecord | undefined;
        if (existing) return existing;
        const { count } = db
          .prepare('SELECT COUNT(*) AS count FROM files WHERE owner_user_id = ?')
          .get(file.ownerUserId) as { count: number };
        if (count >= maxFiles) return null;
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO files (name, mime, size, md5, storage_path, server_id, is_public, owner_user_id, created_at,
               relative_path) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
          )
          .run(
            file.name,
            file.mime,
            file.size,
            file.md5,
            file.storagePath,
            file.serverId,
            file.ownerUserId,
            ctx.now(),
            relativePath || null,
          );
        return findById(Number(lastInsertRowid))!;
      })();
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
