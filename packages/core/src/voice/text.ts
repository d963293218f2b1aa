/**
 * After recognition (spec part 2 §5, §8; spec/speech-protocol.md "After recognition"): a trailing full stop, comma
 * or exclamation mark (full or half width) is removed; empty text gives "didn't catch that"; otherwise the text is
 * looked up with `find_by_vocabulary`, and its `data.url` opens only when it is same-origin or on the allowed
 * origins (DESIGN §6 "redirect_uri"); no usable url gives "no skill".
 */
import { safeRedirect } from '../auth/redirect.ts';
import type { Lang } from '../i18n/language.ts';
import { findByVocabulary, type VoiceCallOptions } from './api.ts';
import { voiceText } from './texts.ts';

/** `。，！` and `.,!` at the end, any number of them, and the spaces around them. */
const TRAILING = /[\s。，！.,!]+$/u;

/** The recognised text as the recorder shows and sends it. */
export function cleanRecognizedText(text: string): string {
  return text.trim().replace(TRAILING, '').trim();
}

export type VoiceOutcome =
  /** Nothing was said (or only punctuation): the recorder shows `message`. */
  | { kind: 'empty'; text: ''; message: string }
  /** No skill (or one whose address may not be followed): `message`. */
  | { kind: 'no-skill'; text: string; message: string }
  /** Open `url` (absolute, checked). */
  | { kind: 'open'; text: string; url: string };

export interface VoiceOutcomeOptions extends VoiceCallOptions {
  /** The page's origin (default `location.origin`). */
  origin?: string;
  /** Other origins a skill may lead to. */
  allowedOrigins?: readonly string[];
  lang?: Lang;
}

/** The §5 rules for a final text: clean it, look it up, check the address. Rejects only when the call fails. */
export async function resolveVoiceText(text: string, options: VoiceOutcomeOptions = {}): Promise<VoiceOutcome> {
  const { origin = globalThis.location?.origin ?? '', allowedOrigins = [], lang, ...call } = options;
  const cleaned = cleanRecognizedText(text);
  if (!cleaned) return { kind: 'empty', text: '', message: voiceText('voiceNotCaught', {}, lang) };
  const raw = await findByVocabulary(cleaned, call);
  const url = raw ? safeRedirect(raw, { origin, allowedOrigins }) : null;
  if (!url) return { kind: 'no-skill', text: cleaned, message: voiceText('voiceNoSkill', {}, lang) };
  return { kind: 'open', text: cleaned, url };
}
