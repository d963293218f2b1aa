/**
 * The upload calls' wire contract (spec part 2 §7 "Upload and files", fields of §3, and the reference server's
 * extensions): what a client sends and what a server answers, declared once. Core's calls (api.ts) build these
 * bodies; the reference server types its routes with them (`import type`, erased at run time). Types only: this
 * module has no run-time code, so any side may import it.
 */

/** The upload payload of spec part 2 §3 for a whole file (the existence check carries it). */
export interface WireUploadPayload {
  serverid: string;
  md5: string;
  name: string;
  chunks: number;
  eachSize: number;
  fullSize: number;
  uid: string;
  chunked: boolean;
  size: number;
  /** The upload record's path of a file in a picked or dropped folder; sent only for such a file. */
  webkitRelativePath?: string;
}

/** Extension: the answer to a proof-of-possession challenge, sent with a repeated existence check. */
export interface WireProofAnswer {
  /** The challenge's `nonce`. */
  proofNonce?: string;
  /** MD5 of the nonce (UTF-8) followed by the asked byte range of the file. */
  proofMd5?: string;
}

/**
 * `POST second_upload_check`: the payload plus the proof answer. A server needs only `md5` and `name`; the rest
 * may be left out by other clients.
 */
export type WireSecondCheckBody = Pick<WireUploadPayload, 'md5' | 'name'> &
  Partial<Omit<WireUploadPayload, 'md5' | 'name'>> &
  WireProofAnswer;

/**
 * Proof of possession (extension): sent beside `data: false` when the server stores the content but the caller may
 * not read it yet; the client holding the file answers with `WireProofAnswer`.
 */
export interface PossessionChallenge {
  offset: number;
  length: number;
  nonce: string;
}

/** A chunk set's name on the wire: the file's MD5, or (extension, sending while hashing) the upload id. */
export interface WireChunkSetName {
  md5?: string;
  /** Extension: the id chunks go under before the MD5 is known (32 hex digits). */
  uploadId?: string;
}

/** `POST block_upload_check`: whether chunk `chunk` (1-based, `size` bytes) of a set is stored. */
export interface WireBlockCheckBody extends WireChunkSetName {
  /** Bytes of this chunk. */
  size: number;
  chunks: number;
  /** 1-based. */
  chunk: number;
  name?: string;
  uid?: string;
  /** Not in §7's list; the §3 payload fields for servers that want the whole picture. */
  fullSize?: number;
  eachSize?: number;
  serverid?: string;
}

/** `POST merge_file {md5, name, size, chunks}`. */
export interface WireMergeBody {
  md5: string;
  name: string;
  /** Bytes of the whole file. */
  size: number;
  chunks: number;
  serverid?: string;
  uid?: string;
  /** As in `WireUploadPayload`. */
  webkitRelativePath?: string;
  /** Extension: the chunks were sent under this upload id (the MD5 came later). */
  uploadId?: string;
}

/** `POST base64_convert_image {serverid, fileName, base64Str, type}`. */
export interface WireBase64ImageBody {
  serverid?: string;
  /** The file name without its extension. */
  fileName: string;
  /** The image as base64 (a `data:` prefix is tolerated by the reference server). */
  base64Str: string;
  /** The extension, e.g. `jpg`. */
  type: string;
}

/** `POST /zuul/api/storage/upload`: the multipart text fields beside the part `file` (all strings on the wire). */
export interface WireSingleUploadFields {
  serverid: string;
  uid: string;
  md5: string;
  webkitRelativePath?: string;
}

/** `POST /zuul/api/storage/file_piecewise/upload`: the multipart text fields beside the part `file`. */
export interface WireChunkUploadFields {
  chunked: string;
  chunk: string;
  chunks: string;
  eachSize: string;
  md5?: string;
  uploadId?: string;
  fileName: string;
  fullSize: string;
  uid: string;
  /** This chunk's bytes. */
  size: string;
  serverid: string;
}

/** A stored file as the single upload, the merge, the instant second upload and the base64 image answer it. */
export interface WireStoredFile {
  /** The file id, a string on the wire. */
  id: string;
  name: string;
  size: number;
  md5: string;
  /** The content type the file is served with. */
  type: string;
  serverId: string;
  /** Where the bytes are fetched back (needs a session). */
  url: string;
  /** The path in the folder the file was picked or dropped with ('' for a file alone). */
  webkitRelativePath: string;
}

/** Extension: what a storage server offers beyond the spec (`GET capabilities`' data). */
export interface UploadCapabilities {
  /** Chunks may go under an upload id before the MD5 is known; the merge names both. */
  hashWhileSending: boolean;
  /** The cancel call removes the caller's chunk set. */
  cancel: boolean;
  /** The largest chunk (`eachSize`) taken, bytes. */
  maxChunkSize: number;
}
