/** The paths of the upload calls (spec part 2 §7, and this server's extensions). */
export const UPLOAD_ROUTES = {
  secondUploadCheck: '/api/storage/file_piecewise/second_upload_check',
  upload: '/zuul/api/storage/upload',
  blockUploadCheck: '/api/storage/file_piecewise/block_upload_check',
  chunkUpload: '/zuul/api/storage/file_piecewise/upload',
  mergeFile: '/api/storage/file_piecewise/merge_file',
  /** Extension: what this server offers beyond the spec's calls (sending while hashing, cancel, chunk sizes). */
  capabilities: '/api/storage/file_piecewise/capabilities',
  /** Extension: the caller's own chunk set removed (a cancelled upload leaves nothing behind). */
  cancel: '/api/storage/file_piecewise/cancel',
  base64Image: '/api/storage/upload/base64_convert_image',
  file: '/api/storage/file/:fileId',
} as const;
