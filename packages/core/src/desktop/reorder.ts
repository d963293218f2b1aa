/** Reordering desktop icons (spec part 1 §6 "Reordering"): pure list moves for drag and keyboard, and the saved order. */
import type { IconGroup } from './icons.ts';

/**
 * A copy of `list` with the item at `from` moved to `to` (clamped to the list). An index outside the list leaves
 * the order as it is.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (!Number.isInteger(from) || from < 0 || from >= copy.length || !Number.isFinite(to)) return copy;
  const target = Math.min(copy.length - 1, Math.max(0, Math.trunc(to)));
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** Keyboard reordering: moves the item at `index` by `delta` places (stops at either end). */
export function moveBy<T>(list: readonly T[], index: number, delta: number): T[] {
  return moveItem(list, index, index + delta);
}

/** Moves the icon `code` within its group to `to`; groups other than its own are returned unchanged. */
export function moveIconInGroup(groups: readonly IconGroup[], code: string, to: number): IconGroup[] {
  return groups.map((group) => {
    const from = group.icons.findIndex((icon) => icon.code === code);
    return from < 0 ? group : { ...group, icons: moveItem(group.icons, from, to) };
  });
}

/** The order to save (`save_icon_sort {codes}`): every code once, in display order. */
export function iconOrder(items: readonly { code: string }[] | readonly IconGroup[]): string[] {
  const codes = items.flatMap((item) => ('icons' in item ? item.icons.map((icon) => icon.code) : [item.code]));
  return [...new Set(codes)];
}
