import type { UploadState } from '@edu-portal/core/upload/upload.ts';

/** The states in which an upload is working (hashing, checking, sending or merging). */
export const ACTIVE: readonly UploadState[] = ['hashing', 'checking', 'uploading', 'merging'];
