/**
 * The JSON schemas of the upload calls (spec part 2 §7; fields of §3): the OpenAPI document is made from them, and
 * every JSON body is validated by them before a handler runs.
 */
import { MAX_CHUNK_BYTES, MAX_UPLOAD_ID_LENGTH, MAX_UPLOAD_UID_LENGTH } from '../../config.ts';
import type { JsonSchema } from '../../http/envelope.ts';
import { MAX_RELATIVE_PATH_LENGTH } from '../../storage/names.ts';
import { storedFileSchema } from '../../storage/repository.ts';

export const TAGS = ['storage'];
export const DEFAULT_SERVER_ID = 'base';

export const MAX_NAME_LENGTH = 1024;
export const SERVER_ID_PATTERN = /^[A-Za-z0-9_.:-]*$/;
export const md5Schema: JsonSchema = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{32}$',
  description: 'MD5 of the whole file',
};
export const uploadIdSchema: JsonSchema = {
  type: 'string',
  pattern: '^[0-9a-f]{32}$',
  description:
    'Extension (sending while hashing): the id, 32 hex digits chosen by the client, of an upload whose MD5 is not ' +
    'known yet; its chunks are kept under it instead of the MD5, and the merge names both',
};
/** Counts are bounded by the sizes in each handler (chunks = ⌈fullSize / eachSize⌉ ≤ MAX_UPLOAD_CHUNKS). */
export const countSchema: JsonSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
export const sizeSchema: JsonSchema = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
export const eachSizeSchema: JsonSchema = { type: 'integer', minimum: 1, maximum: MAX_CHUNK_BYTES };
export const serverIdSchema: JsonSchema = {
  type: 'string',
  maxLength: MAX_UPLOAD_ID_LENGTH,
  pattern: SERVER_ID_PATTERN.source,
  description: "The storage server id (default 'base')",
};
export const uidSchema: JsonSchema = { type: 'string', maxLength: MAX_UPLOAD_UID_LENGTH };
export const nameSchema: JsonSchema = { type: 'string', maxLength: MAX_NAME_LENGTH };
export const flagSchema: JsonSchema = { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 8 }] };

/** The upload payload of spec part 2 §3 (the existence check carries it with md5 and name). */
export const payloadProperties: Record<string, JsonSchema> = {
  serverid: serverIdSchema,
  md5: md5Schema,
  name: nameSchema,
  chunk: sizeSchema,
  chunks: countSchema,
  eachSize: eachSizeSchema,
  fullSize: sizeSchema,
  uid: uidSchema,
  chunked: flagSchema,
  size: sizeSchema,
  webkitRelativePath: {
    type: 'string',
    // Room for invisible characters and separators that cleaning drops.
    maxLength: MAX_RELATIVE_PATH_LENGTH * 2,
    description: "Extension (the upload record's field): the file's path in the folder it was picked or dropped with",
  },
};

/** The proof-of-possession challenge answered beside `data: false` (an extension of §7; storage/proof.ts). */
export const proofSchema: JsonSchema = {
  type: 'object',
  description:
    'Extension: proof of possession. Sent beside `data: false` when the content is stored but the caller may not ' +
    'read it yet; a client that holds the file calls again with `proofNonce` = `nonce` and `proofMd5` = the MD5 of ' +
    'the nonce (UTF-8) followed by the file bytes [offset, offset + length), and gets the file at once. A client ' +
    'that ignores it uploads as usual.',
  properties: {
    offset: { type: 'integer', minimum: 0 },
    length: { type: 'integer', minimum: 0 },
    nonce: { type: 'string' },
  },
  required: ['offset', 'length', 'nonce'],
};

export const fileDataSchema: JsonSchema = storedFileSchema;

/** Multipart bodies are read as streams in the handler; their schemas document the fields only. */
export const multipartBody = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties: { ...properties, file: { type: 'string', format: 'binary' } },
  required: [...required, 'file'],
});
export const skipValidation = () => () => true;
