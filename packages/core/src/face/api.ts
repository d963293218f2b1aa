/**
 * Face calls (spec part 2 §3 user face record, §7 "Face"): face login, face clock-in, collect (check) and the stored
 * record. All four skip the generic error interceptor (`noIntercept`): the face screen shows a refusal's message in
 * the camera area with "click to retry" (§8), so every envelope resolves whatever its status. Wire names stay here.
 */
import { acceptLogin } from '../auth/api.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import type { Envelope } from '../http/envelope.ts';
import { isRecord } from '../platform/guards.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { WireUser } from '../session/wire.ts';

export const FACE_PATHS = {
  login: '/api/uaa/oauth/login/face',
  clocking: '/api/uaa/login/face/clocking',
  check: '/api/uaa/face/check',
  user: '/api/uaa/face/user',
} as const;

/** The modes of the face screen as spelt on the wire (spec §2): `orther` is clock-in. */
export type FaceWireMode = 'collect' | 'login' | 'orther';
/** Our API's names: `clock-in` is accepted as an alias of `orther`. */
export type FaceMode = FaceWireMode | 'clock-in';

/** The wire mode of a mode or alias; anything unknown is null. */
export function faceWireMode(mode: unknown): FaceWireMode | null {
  if (mode === 'clock-in' || mode === 'orther') return 'orther';
  return mode === 'collect' || mode === 'login' ? mode : null;
}

export interface FaceCallOptions {
  client?: Client;
}

/** `GET face/user` → the stored face of a user; `faceImage` null when none is collected. */
export interface FaceRecord {
  /** The photo, base64 without prefix (a JPEG on the reference server); null: none collected. */
  faceImage: string | null;
  /** When it was collected, epoch ms; null: none. */
  registerTime: number | null;
  userId: string;
}

/** `POST face/check` → what was stored. */
export interface FaceCheckResult {
  userId: string;
  registerTime: number | null;
}

/** `POST login/face/clocking` → the recorded clock-in, handed to the host as it came (`edu-face-clock-in`). */
export interface FaceClockIn {
  id: number | null;
  userId: string;
  realName: string;
  unitId: string;
  /** Epoch ms. */
  clockTime: number | null;
  /** The raw data of the answer, for hosts whose back end sends more. */
  raw: Record<string, unknown>;
}

/** The photo as the calls send it: base64 without a `data:image/…;base64,` prefix (spec §7). */
export function stripDataUrl(faceImage: string): string {
  return faceImage.replace(/^data:[^,]*;base64,/i, '');
}

/** An `<img src>` for a stored photo (base64 without prefix, or already a data URL); '' when there is none. */
export function faceImageSrc(faceImage: string | null | undefined, type = 'image/jpeg'): string {
  if (!faceImage) return '';
  return /^data:image\//i.test(faceImage) ? faceImage : `data:${type};base64,${faceImage}`;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const time = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * `POST login/face {faceImage}`. On status 200 the session store keeps the user, as after a password login (the
 * session cookies are set by the answer); resolves with the envelope whatever its status.
 */
export async function loginWithFace(
  faceImage: string,
  { client = defaultClient, session = defaultSession }: FaceCallOptions & { session?: SessionStore } = {},
): Promise<Envelope<WireUser | null>> {
  const envelope = await client.post<WireUser | null>(
    FACE_PATHS.login,
    { faceImage: stripDataUrl(faceImage) },
    { noIntercept: true },
  );
  return acceptLogin(envelope, session);
}

/** `POST login/face/clocking {faceImage}`; `data` is the clock-in on status 200, else null. */
export async function clockInWithFace(
  faceImage: string,
  { client = defaultClient }: FaceCallOptions = {},
): Promise<Envelope<FaceClockIn | null>> {
  const envelope = await client.post(
    FACE_PATHS.clocking,
    { faceImage: stripDataUrl(faceImage) },
    { noIntercept: true },
  );
  const data = envelope.status === 200 && isRecord(envelope.data) ? envelope.data : null;
  return {
    ...envelope,
    data: data && {
      id: time(data['id']),
      userId: text(data['userId']),
      realName: text(data['realName']),
      unitId: text(data['unitId']),
      clockTime: time(data['clockTime']),
      raw: data,
    },
  };
}

/** `POST face/check {faceImage, userId}`: collects (enrols) the user's face. */
export async function checkFace(
  faceImage: string,
  userId: string | number,
  { client = defaultClient }: FaceCallOptions = {},
): Promise<Envelope<FaceCheckResult | null>> {
  const envelope = await client.post(
    FACE_PATHS.check,
    { faceImage: stripDataUrl(faceImage), userId: String(userId) },
    { noIntercept: true },
  );
  const data = envelope.status === 200 && isRecord(envelope.data) ? envelope.data : null;
  return {
    ...envelope,
    data: data && { userId: text(data['userId']) || String(userId), registerTime: time(data['registerTime']) },
  };
}

/** `GET face/user {userId}`: the stored face record (`faceImage` null when none is collected). */
export async function getFaceRecord(
  userId: string | number,
  { client = defaultClient }: FaceCallOptions = {},
): Promise<Envelope<FaceRecord | null>> {
  const envelope = await client.get(FACE_PATHS.user, { userId: String(userId) }, { noIntercept: true });
  const data = envelope.status === 200 && isRecord(envelope.data) ? envelope.data : null;
  return {
    ...envelope,
    data: data && {
      faceImage: typeof data['faceImage'] === 'string' && data['faceImage'] ? data['faceImage'] : null,
      registerTime: time(data['registerTime']),
      userId: text(data['userId']) || String(userId),
    },
  };
}
