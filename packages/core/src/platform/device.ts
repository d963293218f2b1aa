/** The device kind sent as `Sy-Device` (docs/decisions.md "Headers sent by the client on every call"): `pc` or `mobile`. */
export type Device = 'pc' | 'mobile';

/** Guesses from the user agent; hosts that know better configure the client's `device`. */
export function detectDevice(userAgent: string = globalThis.navigator?.userAgent ?? ''): Device {
  return /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(userAgent) ? 'mobile' : 'pc';
}

/** Which messaging-app browser the page runs in (spec part 1 §1): WeChat Work says `wxwork` besides `MicroMessenger`. */
export function detectMessagingClient(userAgent: string = globalThis.navigator?.userAgent ?? ''): {
  weChat: boolean;
  weChatWork: boolean;
} {
  const weChatWork = /wxwork/i.test(userAgent);
  return { weChat: !weChatWork && /MicroMessenger/i.test(userAgent), weChatWork };
}
