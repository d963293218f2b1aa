/**
 * Refusals of the upload calls (spec part 2 §8). The envelope's `code` is the catalogue's kind verbatim
 * (`chunkmerge`, `chunk count abnormal` …) so a client can map it without parsing text, and the English side of the
 * bilingual message is the catalogue's own words where the catalogue gives words ('size exceeds limit',
 * 'chunk count abnormal', 'upload failed', 'Not find file'), and a sentence elsewhere (the code names the kind).
 */
import type { UploadErrorKind } from '@edu-portal/core';
import { fail, type Envelope } from '../http/envelope.ts';

export const UPLOAD_MESSAGES = {
  checkerror: '文件校验失败|||The file could not be checked on the server.',
  uploaderror: '文件上传失败，文件内容与 MD5 不符|||The file does not match its MD5, so it was not stored.',
  uploadunkerror: '分片上传失败|||A part of the file could not be stored.',
  checkchunkerror: '分片校验失败|||A part of the file could not be checked.',
  chunkmerge:
    '文件合并失败，合并后的文件与 MD5 不符|||The assembled file does not match its MD5, so it was not stored.',
  chunkCount: '分片数量异常|||chunk count abnormal',
  uploadFailed: '上传失败|||upload failed',
  notFound: '文件不存在|||Not find file',
  sizeLimit: '文件大小超出限制|||size exceeds limit',
  typeRefused: '不允许上传该类型的文件|||Files of this type are not allowed.',
  quota: '存储空间已用完，请删除不用的文件或稍后再试|||Your storage, or your uploads in progress, are at their limit.',
  fieldTooLong: '上传参数过长|||A field of the upload is too long.',
  cancelled: '上传已取消|||The upload was cancelled.',
} as const;

/** The spec's error kinds (part 2 §8) the server answers with: core's kinds but for the two only a browser meets. */
export type UploadCode = Exclude<UploadErrorKind, 'type not allowed' | 'readerror'>;

/** A refusal an upload call answers with (HTTP 200, the envelope's own status). */
export class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: UploadCode,
    message: string,
  ) {
    super(message);
  }

  toEnvelope(): Envelope<never> {
    return fail(this.status, this.code, this.message);
  }
}

export const refusals = {
  sizeLimit: () => new UploadRefusal(413, 'size exceeds limit', UPLOAD_MESSAGES.sizeLimit),
  typeRefused: (code: UploadCode) => new UploadRefusal(415, code, UPLOAD_MESSAGES.typeRefused),
  noFile: () => new UploadRefusal(400, 'Not find file', UPLOAD_MESSAGES.notFound),
  chunkCount: () => new UploadRefusal(400, 'chunk count abnormal', UPLOAD_MESSAGES.chunkCount),
  chunkMerge: () => new UploadRefusal(400, 'chunkmerge', UPLOAD_MESSAGES.chunkmerge),
  md5Mismatch: () => new UploadRefusal(400, 'uploaderror', UPLOAD_MESSAGES.uploaderror),
  badChunk: () => new UploadRefusal(400, 'uploadunkerror', UPLOAD_MESSAGES.uploadunkerror),
  badImage: () => new UploadRefusal(400, 'upload failed', UPLOAD_MESSAGES.uploadFailed),
  /** A per-user quota (stored bytes, records, chunk sets in progress) is reached: nothing was stored. */
  quota: () => new UploadRefusal(403, 'quota exceeded', UPLOAD_MESSAGES.quota),
  fieldTooLong: () => new UploadRefusal(400, 'upload failed', UPLOAD_MESSAGES.fieldTooLong),
  /** A chunk of an upload its owner cancelled, arriving late: nothing of it is kept. */
  cancelled: () => new UploadRefusal(409, 'uploadunkerror', UPLOAD_MESSAGES.cancelled),
};
