/**
 * Browser storage that never throws: storage can be missing (workers, old pages), disabled (privacy modes), full,
 * or hold corrupt JSON written by another version. Every reader returns `null` instead of failing.
 */
export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  try {
    const storage = which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return storage ?? null;
  } catch {
    // Accessing the property itself throws when storage is blocked.
    return null;
  }
}

export function readString(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value simply is not remembered.
  }
}

export function removeKey(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    /* nothing stored, nothing to remove */
  }
}

export function clearArea(which: StorageArea): void {
  try {
    area(which)?.clear();
  } catch {
    /* nothing stored, nothing to clear */
  }
}

/** Parses stored JSON; corrupt or missing values give `null`. */
export function readJson(which: StorageArea, key: string): unknown {
  const text = readString(which, key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(which: StorageArea, key: string, value: unknown): void {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return; // cyclic or otherwise unserialisable: not persisted
  }
  writeString(which, key, text);
}
