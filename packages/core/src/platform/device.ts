/** The device kind sent as `Sy-Device` (docs/decisions.md "Headers"): `pc` or `mobile`. */
export type Device = 'pc' | 'mobile';

/** Guesses from the user agent; hosts that know better configure the client's `device`. */
export function detectDevice(userAgent: string = globalThis.navigator?.userAgent ?? ''): Device {
  return /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(userAgent) ? 'mobile' : 'pc';
}
