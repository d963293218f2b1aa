/** Face collect, face login and face clock-in (spec part 2 §2, §4, §5, §7, §8, §9): calls and capture rule. */
export {
  FACE_PATHS,
  faceWireMode,
  stripDataUrl,
  faceImageSrc,
  loginWithFace,
  clockInWithFace,
  checkFace,
  getFaceRecord,
  type FaceWireMode,
  type FaceMode,
  type FaceCallOptions,
  type FaceRecord,
  type FaceCheckResult,
  type FaceClockIn,
} from './api.ts';
/** Face collection asks for the password again first (`fresh_credential_required`): the confirmation call. */
export { confirmPassword, FRESH_CREDENTIAL_REQUIRED, type FreshCredential } from '../auth/api.ts';
export {
  guideBox,
  isOnGuide,
  createCaptureTracker,
  captureSize,
  cameraAllowed,
  DEFAULT_CAPTURE_RULE,
  type FaceBox,
  type CaptureRule,
  type CaptureTracker,
  type TrackerVerdict,
} from './capture.ts';
export {
  createFaceDetector,
  setFaceAssetsBase,
  faceAssetsBase,
  FACE_DETECTOR_INPUT_SIZE,
  type FaceDetector,
  type FaceDetectorOptions,
  type FaceDetection,
} from './detector.ts';
