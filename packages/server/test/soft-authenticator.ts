/**
 * A software WebAuthn authenticator for the server tests: real P-256 keys, real CBOR attestation objects ("none"
 * format) and real ES256 signatures over authenticator data and the client data hash, as a platform authenticator
 * makes them. Tests bend one thing at a time (the origin in the client data, the challenge, the UV flag, a counter
 * set back) to see each refusal. The browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

export interface SoftCredential {
  id: Buffer;
  rpId: string;
  key: KeyObject;
  cose: Uint8Array;
  userHandle: Buffer;
  counter: number;
}

export interface Bend {
  /** The origin written into the client data (default: the one passed in). */
  origin?: string;
  /** The challenge written into the client data (default: the options'). */
  challenge?: string;
  /** The RP id whose hash goes into the authenticator data (default: the options'). */
  rpId?: string;
  /** Whether the user was verified (default true). */
  uv?: boolean;
  /** The counter to sign with (default: the credential's, plus one). */
  counter?: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the options are the server's JSON */

/** A credential as `PublicKeyCredential.toJSON()` gives it. */
const asJson = (credential: SoftCredential, response: Record<string, unknown>): any => ({
  id: b64url(credential.id),
  rawId: b64url(credential.id),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  response,
});
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  private authData(rpId: string, counter: number, uv: boolean, attested?: SoftCredential): Buffer {
    const flags = 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(attested.id.length);
      parts.push(Buffer.alloc(16), length, attested.id, Buffer.from(attested.cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create()`: a new discoverable credential, answered as `RegistrationResponseJSON`. */
  create(options: any, origin: string, bend: Bend = {}): any {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const rpId = bend.rpId ?? options.rp.id;
    const credential: SoftCredential = {
      id: randomBytes(16),
      rpId,
      key: privateKey,
      cose,
      userHandle: Buffer.from(options.user.id, 'base64url'),
      counter: bend.counter ?? 0,
    };
    const authData = this.authData(rpId, credential.counter, bend.uv ?? true, credential);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return asJson(credential, {
      clientDataJSON: b64url(
        this.clientData('webauthn.create', bend.challenge ?? options.challenge, bend.origin ?? origin),
      ),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** `navigator.credentials.get()` with `credential` (default the last made): an `AuthenticationResponseJSON`. */
  get(options: any, origin: string, credential = this.credentials.at(-1)!, bend: Bend = {}): any {
    credential.counter = bend.counter ?? credential.counter + 1;
    const authData = this.authData(bend.rpId ?? options.rpId, credential.counter, bend.uv ?? true);
    const clientData = this.clientData('webauthn.get', bend.challenge ?? options.challenge, bend.origin ?? origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.key);
    return asJson(credential, {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: b64url(credential.userHandle),
    });
  }

  /** A copy of a credential as another device would hold it (same key, its own counter). */
  clone(credential: SoftCredential, counter: number): SoftCredential {
    const copy = { ...credential, counter };
    this.credentials.push(copy);
    return copy;
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export { b64url };
