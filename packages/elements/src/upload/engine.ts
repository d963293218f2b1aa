// What `<edu-upload>` needs of core once a file is added: the upload controller (MD5 Worker, checks, chunk transfer,
// merge), the error catalogue's texts and the resume records. Loaded with the first file, never before (issue 15): an
// empty drop zone, or a page that only shows the element, needs none of it.
export { createUpload } from '@edu-portal/core/upload/upload.ts';
export { uploadErrorText } from '@edu-portal/core/upload/errors.ts';
export { findResumeRecord } from '@edu-portal/core/upload/resume.ts';
