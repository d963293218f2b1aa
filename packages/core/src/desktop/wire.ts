/**
 * Reading wire values of the portal-shell calls: ids and names come as strings or numbers, counts as numbers or
 * numeric strings. Shared by `permissions/`, `desktop/`, `messages/` and `identity/` (`session/wire.ts` keeps its own).
 */

/** A string, or a finite number as text; anything else is ''. */
export function wireString(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A non-negative whole count; anything unreadable is 0. */
export function toCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
