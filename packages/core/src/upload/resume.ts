/**
 * Resume after a reload or a crash: the browser keeps no file content. A small record per unfinished
 * upload (name, size, lastModified, md5, upload id) lets a picker offer "resume" when the user picks the same file again; the
 * upload then hashes it and sends only the chunks the server lacks. Records belong to the signed-in user (one
 * storage key holding `{userId, records}`; another user's records read as none), are removed when their upload
 * succeeds, and the whole key goes at logout (`SessionStore.logout`).
 */
import { STORAGE_KEYS } from '../constants.ts';
import { isRecord } from '../platform/guards.ts';
import { readJson, removeKey, writeJson } from '../platform/storage.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';

export interface ResumeRecord {
  name: string;
  size: number;
  lastModified: number;
  /** '' while an upload sent while hashing has no MD5 yet. */
  md5: string;
  /** The id its chunks went under, for an upload sent while hashing (a server extension). */
  uploadId?: string;
  /** The chunk size it was cut into, when chosen for the upload (sent while hashing). */
  chunkSize?: number;
  /** When the record was written (ms since the epoch). */
  savedAt: number;
}

/** The newest records are kept; an abandoned upload must not grow storage without bound. */
export const RESUME_RECORD_LIMIT = 20;

export interface ResumeOptions {
  session?: SessionStore;
  now?: () => number;
}

function userId(options: ResumeOptions): string {
  return (options.session ?? defaultSession).getSnapshot().user?.userId ?? '';
}

function isResumeRecord(value: unknown): value is ResumeRecord {
  return (
    isRecord(value) &&
    typeof value['name'] === 'string' &&
    typeof value['size'] === 'number' &&
    typeof value['lastModified'] === 'number' &&
    typeof value['md5'] === 'string' &&
    (value['chunkSize'] === undefined ||
      (Number.isSafeInteger(value['chunkSize']) && (value['chunkSize'] as number) > 0)) &&
    (value['uploadId'] === undefined ||
      (typeof value['uploadId'] === 'string' && /^[0-9a-f]{32}$/.test(value['uploadId']))) &&
    typeof value['savedAt'] === 'number'
  );
}

/** The current user's records, newest first. */
export function listResumeRecords(options: ResumeOptions = {}): ResumeRecord[] {
  const stored = readJson('local', STORAGE_KEYS.uploadResume);
  if (!isRecord(stored) || stored['userId'] !== userId(options) || !Array.isArray(stored['records'])) return [];
  return stored['records'].filter(isResumeRecord);
}

function write(records: ResumeRecord[], options: ResumeOptions): void {
  if (records.length === 0) removeKey('local', STORAGE_KEYS.uploadResume);
  else writeJson('local', STORAGE_KEYS.uploadResume, { userId: userId(options), records });
}

type FileIdentity = Pick<File, 'name' | 'size' | 'lastModified'>;

function sameFile(record: ResumeRecord, file: FileIdentity): boolean {
  return record.name === file.name && record.size === file.size && record.lastModified === file.lastModified;
}

/** The record of an unfinished upload of this file (same name, size and lastModified), if any. */
export function findResumeRecord(file: FileIdentity, options: ResumeOptions = {}): ResumeRecord | null {
  return listResumeRecords(options).find((record) => sameFile(record, file)) ?? null;
}

/**
 * Remembers an upload that has not finished: its MD5 (or '' not yet), and the upload id its chunks go under and
 * the chunk size when it is sent while hashing; never any content.
 */
export function saveResumeRecord(
  file: FileIdentity,
  md5: string,
  options: ResumeOptions = {},
  sent: { uploadId?: string; chunkSize?: number } = {},
): void {
  const record: ResumeRecord = {
    name: file.name,
    size: file.size,
    lastModified: file.lastModified,
    md5,
    ...(sent.uploadId && { uploadId: sent.uploadId, ...(sent.chunkSize && { chunkSize: sent.chunkSize }) }),
    savedAt: (options.now ?? Date.now)(),
  };
  const others = listResumeRecords(options).filter((item) => !sameFile(item, file));
  write([record, ...others].slice(0, RESUME_RECORD_LIMIT), options);
}

/** Forgets the record of this file (after success, or when the user drops it). */
export function removeResumeRecord(file: FileIdentity, options: ResumeOptions = {}): void {
  const records = listResumeRecords(options);
  const kept = records.filter((item) => !sameFile(item, file));
  if (kept.length !== records.length) write(kept, options);
}

/** Forgets every record (logout does this through the session store). */
export function clearResumeRecords(): void {
  removeKey('local', STORAGE_KEYS.uploadResume);
}
