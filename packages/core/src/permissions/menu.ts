/**
 * The menu tree and the permitted codes built from it (spec part 1 §3 "Menu node", §6 "Menu permissions"; part 2
 * §6). Pure functions; the call is in `api.ts`, the store in `store.ts`.
 */
import { isRecord } from '../platform/guards.ts';
import { wireString } from '../desktop/wire.ts';

/** `resourceType` 2 marks a node that is a route (its `menuRoute`). */
export const ROUTE_RESOURCE_TYPE = 2;

export interface MenuNode {
  code: string;
  name: string;
  /** `enName` / `englishName` when the server sends one, else ''. */
  englishName: string;
  resourceType: number;
  /** The hash route of a route node; '' otherwise. */
  menuRoute: string;
  /** Wire `aplicationCode`. */
  applicationCode: string;
  children: readonly MenuNode[];
}

/**
 * A node as the reference server sends it: the spec's spelling `aplicationCode`, `englishName` always present.
 * `fromWireMenuTree` reads it (and the other spellings some back ends use).
 */
export type WireMenuNode = Omit<MenuNode, 'applicationCode' | 'children'> & {
  aplicationCode: string;
  children: WireMenuNode[];
};

/** Permitted codes: code → name, a plain object without prototype so that any code can be a key. */
export type CodeKeys = Readonly<Record<string, string>>;

function fromWireNode(raw: unknown): MenuNode | null {
  if (!isRecord(raw)) return null;
  return {
    code: wireString(raw['code']).trim(),
    name: wireString(raw['name']),
    englishName: wireString(raw['enName']) || wireString(raw['englishName']),
    resourceType: Number(raw['resourceType']) || 0,
    menuRoute: wireString(raw['menuRoute']),
    applicationCode: wireString(raw['aplicationCode']) || wireString(raw['applicationCode']),
    children: fromWireMenuTree(raw['children']),
  };
}

/** Maps the tree the server sends: a list of nodes, or a single root node. Anything else is an empty tree. */
export function fromWireMenuTree(raw: unknown): MenuNode[] {
  const list = Array.isArray(raw) ? raw : isRecord(raw) ? [raw] : [];
  return list.map(fromWireNode).filter((node): node is MenuNode => node !== null);
}

function* walk(nodes: readonly MenuNode[]): Generator<MenuNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

/**
 * The code without its 'area' middle parts (`base_area_report` → `base_report`), or null when it has none. Only
 * middle parts count: `area_x` and `x_area` name the area itself.
 */
export function withoutAreaPart(code: string): string | null {
  const parts = code.split('_');
  if (parts.length < 3) return null;
  const kept = parts.filter((part, i) => part !== 'area' || i === 0 || i === parts.length - 1);
  return kept.length === parts.length ? null : kept.join('_');
}

/**
 * code → name for every node of the tree; a code with an 'area' middle part is also registered without it. A code
 * the tree names itself keeps its own name over a derived one, whatever the order of the nodes.
 */
export function buildCodeKeys(tree: readonly MenuNode[]): CodeKeys {
  const keys: Record<string, string> = Object.create(null) as Record<string, string>;
  const nodes = [...walk(tree)].filter((node) => node.code);
  for (const node of nodes) keys[node.code] = node.name;
  for (const node of nodes) {
    const plain = withoutAreaPart(node.code);
    if (plain && !Object.hasOwn(keys, plain)) keys[plain] = node.name;
  }
  return Object.freeze(keys);
}

/** Codes as a list: one code, a list, or a comma-separated string; blanks dropped. */
export function codeList(codes: string | readonly string[] | null | undefined): string[] {
  const list = typeof codes === 'string' ? codes.split(',') : (codes ?? []);
  return list.map((code) => String(code).trim()).filter(Boolean);
}

/** True when any of `codes` is permitted. No codes at all is false: "none of the given codes is permitted". */
export function hasAnyCode(codeKeys: CodeKeys, codes: string | readonly string[] | null | undefined): boolean {
  return codeList(codes).some((code) => Object.hasOwn(codeKeys, code));
}

/** A route path compared without query, hash or trailing slash; always starting with '/'. */
export function normalizeRoute(path: string): string {
  const bare = path.split(/[?#]/)[0]!.trim().replace(/\/+$/, '');
  return bare.startsWith('/') ? bare || '/' : `/${bare}`;
}

/** The routes of the tree's route nodes (resourceType 2), normalised, without duplicates. */
export function menuRoutes(tree: readonly MenuNode[]): string[] {
  const routes = new Set<string>();
  for (const node of walk(tree)) {
    if (node.resourceType === ROUTE_RESOURCE_TYPE && node.menuRoute.trim()) routes.add(normalizeRoute(node.menuRoute));
  }
  return [...routes];
}
