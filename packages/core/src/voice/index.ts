/** Voice commands (spec part 2 §4, §5, §7, §8, §9): token and skill calls, the protocol client, PCM, texts. */
export {
  VOICE_PATHS,
  DEFAULT_SPEECH_GATEWAY,
  SpeechTokenError,
  getSpeechToken,
  findByVocabulary,
  type SpeechToken,
  type VoiceCallOptions,
} from './api.ts';
export {
  SPEECH_NAMESPACE,
  SPEECH_SUCCESS,
  SPEECH_ANSWER_TIMEOUT_MS,
  SpeechError,
  startRecognition,
  newSpeechId,
  gatewayAddress,
  type SpeechErrorKind,
  type RecognitionOptions,
  type RecognitionTask,
} from './recognizer.ts';
// The PCM toolkit whole: its functions, constants and types, and `pcmToolkit` itself (the worklet's source).
export * from './pcm.ts';
export { cleanRecognizedText, resolveVoiceText, type VoiceOutcome, type VoiceOutcomeOptions } from './text.ts';
