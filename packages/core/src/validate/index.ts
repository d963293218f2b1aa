/**
 * Validation patterns, field rules and file pick (spec part 2 §5, §7, §9). The two password rules are exported with
 * login validation (`auth/`); `patterns.ts` re-exports them for module users.
 */
export {
  ID_CARD_PATTERN,
  PHONE_PATTERN,
  EMAIL_PATTERN,
  CONTACT_PATTERN,
  REJECTED_EXTENSIONS,
  NOT_ALLOWED_UPLOAD_EXTENSIONS,
  IMAGE_EXTENSIONS,
  AUDIO_VIDEO_EXTENSIONS,
  isIdCardNumber,
  isStrictIdCardNumber,
  isPhoneNumber,
  isEmail,
  isContact,
  fileExtension,
  isRejectedFile,
  isUploadAllowed,
  isImageFile,
  isAudioVideoFile,
  stripLeadingZeros,
} from './patterns.ts';
export { fieldError, type FieldRule, type FieldRuleOptions } from './rules.ts';
export {
  checkPickedFile,
  pickFile,
  type FileCheck,
  type FileCheckOptions,
  type FileProblem,
  type PickFileOptions,
} from './file-pick.ts';
