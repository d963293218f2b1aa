/**
 * Upload and file calls (spec part 2 §7 "Upload and files"; fields of §3). Thin wrappers over the core client:
 * multipart bodies through its `upload` method, everything else as JSON posts, its envelope and error rules. Each
 * takes the request options of the client (a `signal` to cancel, `onUploadProgress`, `silent`).
 */
import { DEFAULT_SERVER_ID } from '../constants.ts';
import { client as defaultClient, type Client, type RequestOptions } from '../http/client.ts';
import type {
  PossessionChallenge,
  UploadCapabilities,
  WireBase64ImageBody,
  WireBlockCheckBody,
  WireChunkSetName,
  WireChunkUploadFields,
  WireMergeBody,
  WireSecondCheckBody,
  WireSingleUploadFields,
  WireUploadPayload,
} from './wire.ts';

export type { PossessionChallenge, UploadCapabilities } from './wire.ts';

export const UPLOAD_PATHS = {
  secondUploadCheck: '/api/storage/file_piecewise/second_upload_check',
  upload: '/zuul/api/storage/upload',
  blockUploadCheck: '/api/storage/file_piecewise/block_upload_check',
  chunkUpload: '/zuul/api/storage/file_piecewise/upload',
  mergeFile: '/api/storage/file_piecewise/merge_file',
  base64Image: '/api/storage/upload/base64_convert_image',
  /** Extensions of the reference server (docs/decisions.md "Uploads"); other servers answer 404. */
  capabilities: '/api/storage/file_piecewise/capabilities',
  cancel: '/api/storage/file_piecewise/cancel',
} as const;

export interface CallOptions extends RequestOptions {
  client?: Client;
}

function split(options: CallOptions): [Client, RequestOptions] {
  const { client = defaultClient, ...request } = options;
  return [client, request];
}

/** The upload payload of spec part 2 §3 for a whole file (the existence check carries it). */
export type UploadPayload = WireUploadPayload;

/** `POST second_upload_check` (payload plus md5 and name): truthy `data` means the server has the file already. */
export async function secondUploadCheck(payload: UploadPayload, options: CallOptions = {}): Promise<unknown> {
  return (await secondUploadCheckAnswer(payload, options)).data;
}

/** The most bytes a challenge may ask the client to read: a server asking more is not answered. */
export const MAX_PROOF_BYTES = 4 * 1024 * 1024;

export interface SecondCheckAnswer {
  /** Truthy: the server has the file (its `data`). */
  data: unknown;
  /** A proof of possession the server asks for, or null (always null from servers that do not ask). */
  proof: PossessionChallenge | null;
}

/** The challenge beside an envelope, when it is one a file of `size` bytes can answer. */
function challengeOf(value: unknown, size: number): PossessionChallenge | null {
  if (typeof value !== 'object' || value === null) return null;
  const { offset, length, nonce } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || typeof nonce !== 'string') return null;
  const [from, bytes] = [offset as number, length as number];
  if (from < 0 || bytes < 0 || bytes > MAX_PROOF_BYTES || from + bytes > size) return null;
  if (!/^[0-9A-Za-z_-]{1,128}$/.test(nonce)) return null;
  return { offset: from, length: bytes, nonce };
}

/** `POST second_upload_check`, with the server's proof-of-possession challenge when it sends one. */
export async function secondUploadCheckAnswer(
  payload: UploadPayload & Pick<WireSecondCheckBody, 'proofNonce' | 'proofMd5'>,
  options: CallOptions = {},
): Promise<SecondCheckAnswer> {
  const [client, request] = split(options);
  const body: WireSecondCheckBody = { ...payload };
  const envelope = await client.post(UPLOAD_PATHS.secondUploadCheck, body, request);
  return {
    data: envelope.data,
    proof: envelope.data ? null : challengeOf(envelope.extra?.['proof'], payload.fullSize),
  };
}

export interface SingleUploadParams {
  file: Blob;
  /** The file name sent with the part; default the File's own name. */
  fileName?: string;
  md5: string;
  uid: string;
  serverId?: string;
  /** The file's path in its folder (the upload record's `webkitRelativePath`); sent only when not empty. */
  relativePath?: string;
}

function withName(form: FormData, key: string, blob: Blob, name: string | undefined): void {
  if (name !== undefined) form.append(key, blob, name);
  else if (blob instanceof File) form.append(key, blob, blob.name);
  else form.append(key, blob);
}

/** `POST /zuul/api/storage/upload` (multipart `serverid`, `file`, `uid`, `md5`): the answer's `data`. */
export async function uploadSingle(params: SingleUploadParams, options: CallOptions = {}): Promise<unknown> {
  const [client, request] = split(options);
  const fields: WireSingleUploadFields = {
    serverid: params.serverId ?? DEFAULT_SERVER_ID,
    uid: params.uid,
    md5: params.md5,
    ...(params.relativePath && { webkitRelativePath: params.relativePath }),
  };
  const form = new FormData();
  form.append('serverid', fields.serverid);
  withName(form, 'file', params.file, params.fileName);
  form.append('uid', fields.uid);
  form.append('md5', fields.md5);
  if (fields.webkitRelativePath) form.append('webkitRelativePath', fields.webkitRelativePath);
  const envelope = await client.upload(UPLOAD_PATHS.upload, form, request);
  return envelope.data;
}

/** A chunk set's name: the file's MD5, or (sending while hashing) the upload id it was sent under. */
export interface ChunkSetName {
  /** '' until known when `uploadId` is given. */
  md5: string;
  /** Extension: the id chunks go under before the MD5 is known (32 hex digits). */
  uploadId?: string;
}

/** The set's fields as sent: the upload id when there is one, the MD5 when known. */
function setFields({ md5, uploadId }: ChunkSetName): WireChunkSetName {
  return { ...(md5 && { md5 }), ...(uploadId && { uploadId }) };
}

export interface ChunkCheckParams extends ChunkSetName {
  /** Bytes of this chunk. */
  size: number;
  chunks: number;
  name: string;
  uid: string;
  /** 1-based. */
  chunk: number;
  /** Not in §7's list, sent for servers that want the whole picture (§3 payload fields). */
  fullSize?: number;
  eachSize?: number;
  serverid?: string;
}

/** `POST block_upload_check`: truthy `data` means the server holds this chunk. */
export async function blockUploadCheck(params: ChunkCheckParams, options: CallOptions = {}): Promise<boolean> {
  return (await blockUploadCheckList(params, options)).present;
}

export interface ChunkCheckAnswer {
  /** The server holds the asked chunk. */
  present: boolean;
  /**
   * Every chunk number the server holds whole, when it lists them (the reference server's `chunks` beside the
   * envelope, an extension of §7); null when it does not, and each chunk must then be checked on its own.
   */
  stored: readonly number[] | null;
}

/** `POST block_upload_check`, with the list of chunks stored when the server sends one. */
export async function blockUploadCheckList(
  params: ChunkCheckParams,
  options: CallOptions = {},
): Promise<ChunkCheckAnswer> {
  const [client, request] = split(options);
  const { md5: _md5, uploadId: _uploadId, ...rest } = params;
  const body: WireBlockCheckBody = { ...rest, ...setFields(params) };
  const envelope = await client.post(UPLOAD_PATHS.blockUploadCheck, body, request);
  const list = envelope.extra?.['chunks'];
  const stored =
    Array.isArray(list) && list.every((n) => Number.isInteger(n) && n >= 1 && n <= params.chunks)
      ? (list as number[])
      : null;
  return { present: Boolean(envelope.data), stored };
}

export interface ChunkUploadParams extends ChunkSetName {
  /** The chunk's bytes. */
  file: Blob;
  /** 1-based. */
  chunk: number;
  chunks: number;
  eachSize: number;
  fileName: string;
  fullSize: number;
  uid: string;
  serverid?: string;
}

/** `POST /zuul/api/storage/file_piecewise/upload` with every field of §7 (`size` is this chunk's). */
export async function uploadChunk(params: ChunkUploadParams, options: CallOptions = {}): Promise<unknown> {
  const [client, request] = split(options);
  // In this order: the fields before the file part let a server write the bytes straight to their place.
  const fields: WireChunkUploadFields = {
    chunked: 'true',
    chunk: String(params.chunk),
    chunks: String(params.chunks),
    eachSize: String(params.eachSize),
    ...setFields(params),
    fileName: params.fileName,
    fullSize: String(params.fullSize),
    uid: params.uid,
    size: String(params.file.size),
    serverid: params.serverid ?? DEFAULT_SERVER_ID,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append('file', params.file, params.fileName);
  const envelope = await client.upload(UPLOAD_PATHS.chunkUpload, form, request);
  return envelope.data;
}

/** `merge_file`'s fields, exactly as sent. */
export type MergeParams = WireMergeBody;

/** `POST merge_file {md5, name, size, chunks}`: the answer's `data` (the stored file). */
export async function mergeFile(params: MergeParams, options: CallOptions = {}): Promise<unknown> {
  const [client, request] = split(options);
  const envelope = await client.post(UPLOAD_PATHS.mergeFile, { ...params }, request);
  return envelope.data;
}

export interface Base64ImageParams {
  /** The file name without its extension. */
  fileName: string;
  /** The image as base64, without a `data:` prefix. */
  base64Str: string;
  /** The extension, e.g. `jpg`. */
  type: string;
  serverId?: string;
}

/** `POST base64_convert_image {serverid, fileName, base64Str, type}`: the answer's `data` (the stored image). */
export async function convertBase64Image(params: Base64ImageParams, options: CallOptions = {}): Promise<unknown> {
  const [client, request] = split(options);
  const body: WireBase64ImageBody = {
    serverid: params.serverId ?? DEFAULT_SERVER_ID,
    fileName: params.fileName.replace(/\.[^./\\]*$/, ''),
    base64Str: params.base64Str,
    type: params.type.replace(/^\./, '').toLowerCase(),
  };
  const envelope = await client.post(UPLOAD_PATHS.base64Image, body, request);
  return envelope.data;
}

/**
 * `GET capabilities`: what the server offers beyond the spec, or null when it does not say (a server without the
 * call, or any failure): the caller then keeps to the spec's order.
 */
export async function uploadCapabilities(options: CallOptions = {}): Promise<UploadCapabilities | null> {
  const [client, request] = split(options);
  try {
    const { data } = await client.get(UPLOAD_PATHS.capabilities, undefined, { ...request, silent: true });
    if (typeof data !== 'object' || data === null) return null;
    const { hashWhileSending, cancel, maxChunkSize } = data as Record<string, unknown>;
    return {
      hashWhileSending: hashWhileSending === true,
      cancel: cancel === true,
      maxChunkSize: Number.isSafeInteger(maxChunkSize) && (maxChunkSize as number) > 0 ? (maxChunkSize as number) : 0,
    };
  } catch {
    return null;
  }
}

/** `POST cancel` (extension): the caller's chunk set of this upload removed on the server. */
export async function cancelUpload(set: ChunkSetName, options: CallOptions = {}): Promise<void> {
  const [client, request] = split(options);
  await client.post(UPLOAD_PATHS.cancel, setFields(set), request);
}
