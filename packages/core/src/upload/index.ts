/** Chunked upload (spec part 2 §3, §4, §7, §8, §9): the controller, its calls, MD5, resume records, images. */
export {
  createUpload,
  possessionProof,
  realClock,
  browserNetwork,
  DEFAULT_CONCURRENCY,
  RETRY_DELAYS_MS,
  PROGRESS_TICK_MS,
  type UploadController,
  type UploadOptions,
  type UploadSnapshot,
  type UploadState,
  type UploadClock,
  type NetworkStatus,
} from './upload.ts';
export {
  UPLOAD_PATHS,
  secondUploadCheck,
  secondUploadCheckAnswer,
  MAX_PROOF_BYTES,
  uploadSingle,
  blockUploadCheck,
  blockUploadCheckList,
  uploadChunk,
  mergeFile,
  convertBase64Image,
  type CallOptions,
  type UploadPayload,
  type SingleUploadParams,
  type ChunkCheckParams,
  type ChunkCheckAnswer,
  type PossessionChallenge,
  type SecondCheckAnswer,
  type ChunkUploadParams,
  type MergeParams,
  type Base64ImageParams,
} from './api.ts';
export type {
  WireUploadPayload,
  WireProofAnswer,
  WireSecondCheckBody,
  WireChunkSetName,
  WireBlockCheckBody,
  WireMergeBody,
  WireBase64ImageBody,
  WireSingleUploadFields,
  WireChunkUploadFields,
  WireStoredFile,
  UploadCapabilities,
} from './wire.ts';
export {
  SPEED_WINDOW_MS,
  SPEED_MIN_SPAN_MS,
  SPEED_STALL_MS,
  createProgress,
  type ProgressFigures,
  type ProgressTracker,
} from './progress.ts';
export { filesFromDrop, type DroppedFile } from './drop.ts';
export { chunkCount, chunkAt, planChunks, isSingleUpload, type Chunk } from './chunks.ts';
export {
  UploadError,
  isUploadError,
  uploadErrorText,
  UPLOAD_ERROR_KINDS,
  type UploadErrorKind,
  type UploadErrorInit,
} from './errors.ts';
export { hashFile, hashOnMainThread, endIdleWorkers, type HashFunction, type HashOptions } from './hash.ts';
export {
  listResumeRecords,
  findResumeRecord,
  saveResumeRecord,
  removeResumeRecord,
  clearResumeRecords,
  RESUME_RECORD_LIMIT,
  type ResumeRecord,
  type ResumeOptions,
} from './resume.ts';
export {
  compressImage,
  blobToBase64,
  fitWithin,
  uploadCompressedImage,
  IMAGE_QUALITY,
  IMAGE_MAX_SIZE_PX,
  type CompressOptions,
  type UploadImageOptions,
} from './image.ts';
