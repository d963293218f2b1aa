// What `<edu-upload>` needs of core once a file is added: the upload controller (MD5 Worker, checks, chunk transfer,
// merge) and the error catalogue's texts. Loaded with the first file, never before (issue 15): an empty drop zone, or
// a page that only shows the element, needs none of it.
export { createUpload } from '@edu-portal/core/upload/upload.ts';
export { uploadErrorText } from '@edu-portal/core/upload/errors.ts';
