/** Turning request payloads into query parameters, url-encoded forms, JSON or multipart bodies. */
import { isRecord } from '../platform/guards.ts';

export type Payload = Record<string, unknown>;

/** True for a plain object (not an array, a Blob, FormData or another class instance). */
export function isPlainObject(value: unknown): value is Payload {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function scalar(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Url-encoded form: arrays repeat the key, objects become JSON, null and undefined are left out. */
export function toSearchParams(payload: Payload): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, scalar(item));
    else params.append(key, scalar(value));
  }
  return params;
}

/** Multipart form from a plain object: Blobs (files) as parts, arrays repeat the key, objects become JSON. */
export function toFormData(payload: Payload): FormData {
  const form = new FormData();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, scalar(value));
  };
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  return form;
}
