/**
 * Focus helpers that see through shadow roots and slots. Hand-written traps that only look at one tree are the ones
 * that keep breaking (shoelace#709, #1382): this walks the flat tree, the order a user tabs through.
 */

/** The focused element, looking inside open shadow roots. */
export function deepActiveElement(root: DocumentOrShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const naturallyFocusable = new Set(['button', 'input', 'select', 'textarea', 'iframe', 'summary', 'audio', 'video']);

function isVisible(el: Element): boolean {
  // `checkVisibility` answers for display:none anywhere up the flat tree, closed <details> and visibility:hidden.
  return el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
}

/** Whether Tab would stop on `el` itself (its shadow content is looked at separately). */
export function isTabbable(el: Element): el is HTMLElement | SVGElement {
  if (!(el instanceof HTMLElement || el instanceof SVGElement)) return false;
  // An editing host is a Tab stop although Chromium reports tabIndex -1 for it.
  const editingHost =
    el instanceof HTMLElement && el.isContentEditable && !(el.parentElement?.isContentEditable ?? false);
  if (el.tabIndex < 0 && !(editingHost && !el.hasAttribute('tabindex'))) return false;
  if (el instanceof HTMLElement) {
    const tag = el.localName;
    if ((tag === 'a' || tag === 'area') && !el.hasAttribute('href')) return false;
    if (el.matches(':disabled')) return false;
    if (tag === 'input' && (el as HTMLInputElement).type === 'hidden') return false;
    // A host that delegates focus is entered through its shadow content, never stopped on itself.
    if (el.shadowRoot?.delegatesFocus) return false;
    if (!naturallyFocusable.has(tag) && !el.hasAttribute('tabindex') && !editingHost && tag !== 'a') {
      return false;
    }
  } else if (!el.hasAttribute('tabindex')) {
    return false;
  }
  return isVisible(el);
}

function walk(node: Element, out: Array<HTMLElement | SVGElement>): void {
  if (node.hasAttribute('inert')) return;
  if (isTabbable(node)) out.push(node);
  if (node instanceof HTMLSlotElement) {
    const assigned = node.assignedElements({ flatten: true });
    for (const child of assigned.length ? assigned : Array.from(node.children)) walk(child, out);
    return;
  }
  // A shadow root replaces the light children in the flat tree; they come back in through its slots.
  const children = node.shadowRoot ? node.shadowRoot.children : node.children;
  for (const child of Array.from(children)) walk(child, out);
}

/** Radio buttons of one group are a single Tab stop: the checked one, else the first. */
function collapseRadioGroups(list: Array<HTMLElement | SVGElement>): Array<HTMLElement | SVGElement> {
  const groups = new Map<string, HTMLInputElement[]>();
  for (const el of list) {
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const key = `${el.form ? 'form' : 'none'}:${el.name}`;
      const group = groups.get(key) ?? [];
      group.push(el);
      groups.set(key, group);
    }
  }
  if (!groups.size) return list;
  const keep = new Set<Element>();
  for (const group of groups.values()) keep.add(group.find((r) => r.checked) ?? group[0]!);
  return list.filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && el.name) || keep.has(el));
}

/** Every Tab stop inside `root`, in flat-tree order, shadow content and slotted content included. */
export function tabbableElements(root: Element): Array<HTMLElement | SVGElement> {
  const out: Array<HTMLElement | SVGElement> = [];
  for (const child of Array.from(root.shadowRoot ? root.shadowRoot.children : root.children)) walk(child, out);
  return collapseRadioGroups(out);
}

/**
 * Moves focus for a Tab key press so that it cycles inside `root`. The whole cycle is ours (not only the ends):
 * the browser's next stop after the last element of a modal dialog is the address bar.
 */
export function cycleFocus(event: KeyboardEvent, root: HTMLElement): void {
  const stops = tabbableElements(root);
  event.preventDefault();
  if (!stops.length) {
    root.focus({ preventScroll: true });
    return;
  }
  const active = deepActiveElement();
  const index = active ? stops.indexOf(active as HTMLElement) : -1;
  let next: number;
  if (index === -1) next = event.shiftKey ? stops.length - 1 : 0;
  else next = (index + (event.shiftKey ? -1 : 1) + stops.length) % stops.length;
  stops[next]!.focus();
}

/** Whether `node` is `root` or inside it in the flat tree (across shadow and slot boundaries). */
export function containsFlat(root: Node, node: Node | null): boolean {
  for (let n: Node | null = node; n;) {
    if (n === root) return true;
    const slot = n instanceof Element || n instanceof Text ? n.assignedSlot : null;
    if (slot) n = slot;
    else if (n.parentNode) n = n.parentNode;
    else n = n instanceof ShadowRoot ? n.host : null;
  }
  return false;
}
