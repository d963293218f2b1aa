// What `<edu-upload>` needs once a file is added: core's upload controller (MD5 Worker, checks, chunk transfer,
// merge) and its resume records, the queue's rows and its announcements. Loaded with the first file, never before:
// an empty drop zone, or a page that only shows the element, needs none of it.
export { createUpload } from '@edu-portal/core/upload/upload.ts';
export { findResumeRecord } from '@edu-portal/core/upload/resume.ts';
export { renderRow, errorText, type QueueItem } from './row.ts';
export { createAnnouncer } from './announce.ts';
