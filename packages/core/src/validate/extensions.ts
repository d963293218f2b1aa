/** File extension lists of spec part 2 §5 and part 1 §5: pure values, shared with the reference server. */

/** Extensions a file picker refuses (part 2 §5). */
export const REJECTED_EXTENSIONS: readonly string[] = [
  'exe',
  'jar',
  'jsp',
  'asp',
  'dll',
  'php',
  'aspx',
  'bat',
  'sh',
  'html',
  'com',
  'cgi',
  'class',
  'txt',
  'jspx',
];
/** The upload configuration's `notAllowUpload` list (part 1 §5). */
export const NOT_ALLOWED_UPLOAD_EXTENSIONS: readonly string[] = ['jspx', 'jsp', 'exe'];
export const IMAGE_EXTENSIONS: readonly string[] = ['gif', 'jpg', 'jpeg', 'bmp', 'png', 'tif'];
/** The spec says "include": these are the ones it names. */
export const AUDIO_VIDEO_EXTENSIONS: readonly string[] = [
  'mp3',
  'wma',
  'wav',
  'm4a',
  'flac',
  '3gp',
  'avi',
  'flv',
  'rm',
  'rmvb',
  'mp4',
  'mkv',
  'mov',
  'wmv',
];
