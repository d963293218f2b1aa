/**
 * Voice calls (spec part 2 §7 "Voice"): the speech token and the skill look-up. Thin wrappers over the core client,
 * its envelope and error rules; wire names stay here.
 */
import { client as defaultClient, type Client, type RequestOptions } from '../http/client.ts';
import { getLanguage, type Lang } from '../i18n/language.ts';
import { isRecord } from '../platform/guards.ts';

export const VOICE_PATHS = {
  token: '/api/base/get_ali_token',
  vocabulary: '/api/base/find_by_vocabulary',
} as const;

export interface VoiceCallOptions extends RequestOptions {
  client?: Client;
}

/** What the recorder needs to open a recognition: `GET get_ali_token` → `{token, appkey, url}`. */
export interface SpeechToken {
  token: string;
  appkey: string;
  /** The gateway (`wss://…/ws/v1`); the client adds `?token=`. */
  url: string;
  /** Epoch milliseconds when the token expires, when the server says (`expireTime`, seconds); else null. */
  expiresAt: number | null;
}

/** The default gateway when the server names none (spec/speech-protocol.md: "the client uses url when given"). */
export const DEFAULT_SPEECH_GATEWAY = 'wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1';

/** Raised when the token answer is unusable (no token or appkey): the recorder shows "check server configuration!". */
export class SpeechTokenError extends Error {
  constructor(
    message = 'speech token answer without token or appkey',
    /** The envelope's status when the call was made without interception (401: nobody signed in). */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SpeechTokenError';
  }
}

/** `GET get_ali_token {language}`. Rejects with the client's `RequestError`, or `SpeechTokenError` for a bad answer. */
export async function getSpeechToken(
  language: Lang = getLanguage(),
  { client = defaultClient, ...options }: VoiceCallOptions = {},
): Promise<SpeechToken> {
  const envelope = await client.get(VOICE_PATHS.token, { language }, options);
  const data = isRecord(envelope.data) ? envelope.data : {};
  const token = typeof data['token'] === 'string' ? data['token'] : '';
  const appkey = typeof data['appkey'] === 'string' ? data['appkey'] : '';
  if (envelope.status !== 200) throw new SpeechTokenError(`speech token refused (${envelope.status})`, envelope.status);
  if (!token || !appkey) throw new SpeechTokenError();
  const url = typeof data['url'] === 'string' && data['url'] ? data['url'] : DEFAULT_SPEECH_GATEWAY;
  const seconds = Number(data['expireTime']);
  return { token, appkey, url, expiresAt: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null };
}

/** `POST find_by_vocabulary {vocabulary}` → `data.url` as sent ('' when none); check it before use (text.ts). */
export async function findByVocabulary(
  vocabulary: string,
  { client = defaultClient, ...options }: VoiceCallOptions = {},
): Promise<string> {
  const envelope = await client.post(VOICE_PATHS.vocabulary, { vocabulary }, options);
  const data = isRecord(envelope.data) ? envelope.data : {};
  return typeof data['url'] === 'string' ? data['url'] : '';
}
