/**
 * Keeps focus sensible when the host removes the row that held it (shared by `<edu-message-dialog>` and
 * `<edu-todo-panel>`). Rows carry `data-key`, their buttons `data-action`. Before the update the focused row is
 * noted; after it, when that row is gone, focus goes to the same button of the next surviving row, else of the
 * previous one, else to a fallback the element chooses.
 */

export interface RowFocus {
  key: string;
  /** Position of the row in the list before the update. */
  index: number;
  /** `data-action` of the focused button. */
  action: string;
}

/** The row button that has focus in `root`, if any, located in `keys` (the rows before the update). */
export function focusedRow(root: DocumentOrShadowRoot, keys: readonly string[]): RowFocus | null {
  const active = root.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  const action = active.dataset['action'];
  const key = active.closest<HTMLElement>('[data-key]')?.dataset['key'];
  if (!action || key === undefined) return null;
  const index = keys.indexOf(key);
  return index === -1 ? null : { key, index, action };
}

/**
 * Where focus goes after the rows changed from `before` to `after`: `undefined` when the focused row is still there
 * (nothing to do), the key of the row to focus, or `null` when no row is left.
 */
export function rowAfterRemoval(
  focus: RowFocus,
  before: readonly string[],
  after: readonly string[],
): string | null | undefined {
  if (after.includes(focus.key)) return undefined;
  const alive = new Set(after);
  for (let i = focus.index + 1; i < before.length; i++) if (alive.has(before[i]!)) return before[i]!;
  for (let i = focus.index - 1; i >= 0; i--) if (alive.has(before[i]!)) return before[i]!;
  // Every row it knew went: the new list's row at the same place, if there is one.
  return after.length ? after[Math.min(focus.index, after.length - 1)]! : null;
}

/** Focuses the `action` button of row `key` in `root` (or any button of that row). Returns whether it did. */
export function focusRowButton(root: ParentNode, key: string, action: string): boolean {
  const row = root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
  const button =
    row?.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"]:not(:disabled)`) ??
    row?.querySelector<HTMLElement>('[data-action]:not(:disabled)');
  if (!button) return false;
  button.focus({ preventScroll: false });
  return true;
}
