/**
 * Whether this browser can use passkeys (WebAuthn) here: the API exists and the page is a secure context (https,
 * `localhost`). Synchronous and tiny, so a login form can decide at its first render whether to offer the passkey
 * button; everything else of passkeys (`./passkeys.ts`, `@simplewebauthn/browser`) loads when it is used.
 */
export function passkeysSupported(): boolean {
  return !!globalThis.isSecureContext && 'PublicKeyCredential' in globalThis;
}
