/** Scroll-load helper (spec part 2 §9: threshold 10 px, step 15). */
export {
  SCROLL_LOAD_THRESHOLD_PX,
  SCROLL_STEP,
  distanceToBottom,
  isNearBottom,
  createScrollLoad,
  createStepReveal,
  type ScrollLoad,
  type ScrollLoadOptions,
  type StepReveal,
  type StepRevealOptions,
} from './scroll-load.ts';
