// The demo host's hash router (spec part 1 §2: hash mode). It replaced react-router, whose declarative build still
// cost 13 kB gzip on every page for the part used here (size budgets). Same names and meaning as react-router's, so
// pages read as before: routes with `path`, `index`, `element`, `children` and `handle`; ranked matching (static
// segments before `:params` before `*`, case-insensitive); `<Outlet>`; links that push a history entry.
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface RouteObject {
  /** Relative to the parent's path; `:name` matches one segment, a last `*` the rest. No path: a layout. */
  path?: string;
  /** Matches the parent's path exactly. */
  index?: boolean;
  /** Shown when the route matches; without one, the route shows its matching child. */
  element?: ReactNode;
  children?: RouteObject[];
  /** Anything the host attaches to the route (read back through `matchRoutes`). */
  handle?: unknown;
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface Location {
  pathname: string;
  search: string;
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  /** The part of the address this route matched. */
  pathname: string;
}

export type To = string | Partial<Location>;

// ---- The address: everything after '#', read from and written to the browser's history --------------------------

const listeners = new Set<() => void>();
let cached: { hash: string; location: Location } | null = null;

function readLocation(): Location {
  const hash = window.location.hash;
  if (cached?.hash !== hash) {
    const raw = hash.replace(/^#/, '');
    const query = raw.indexOf('?');
    const pathname = query < 0 ? raw : raw.slice(0, query);
    cached = {
      hash,
      location: {
        pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
        search: query < 0 ? '' : raw.slice(query),
      },
    };
  }
  return cached.location;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The back and forward buttons, links written as plain `href="#/…"`, and `location.hash = …` anywhere.
  window.addEventListener('popstate', listener);
  window.addEventListener('hashchange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
    window.removeEventListener('hashchange', listener);
  };
}

/** The address `to` stands for, from `from`: a path (absolute, or only a query keeping the path) or its parts. */
export function resolveTo(to: To, from: Location): Location {
  if (typeof to !== 'string') return { pathname: to.pathname ?? from.pathname, search: to.search ?? '' };
  const query = to.indexOf('?');
  const pathname = query < 0 ? to : to.slice(0, query);
  return { pathname: pathname || from.pathname, search: query < 0 ? '' : to.slice(query) };
}

const href = (location: Location) => `#${location.pathname}${location.search}`;

/**
 * Goes to `to` with a new history entry (or replacing the current one). Like react-router, by `pushState`: the page's
 * own `hashchange` listeners are not told, the router's are.
 */
export function navigate(to: To | number, options: { replace?: boolean } = {}): void {
  if (typeof to === 'number') return history.go(to);
  const url = href(resolveTo(to, readLocation()));
  if (url === window.location.hash && !options.replace) return;
  if (options.replace) history.replaceState(history.state, '', url);
  else history.pushState(history.state, '', url);
  for (const listener of listeners) listener();
}

// ---- Matching ------------------------------------------------------------------------------------------------------

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

interface Branch {
  /** The routes from the outermost to the one that matches. */
  routes: RouteObject[];
  score: number;
}

/** react-router's ranking: more segments, static before dynamic, an index route before its layout, `*` last. */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0) + (segments.includes('*') ? -2 : 0);
  for (const segment of segments) if (segment !== '*') score += segment.startsWith(':') ? 3 : 10;
  return score;
}

function flatten(routes: RouteObject[], parents: RouteObject[] = [], branches: Branch[] = []): Branch[] {
  for (const route of routes) {
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, branches);
    // A layout without a path never matches by itself; a route with a path (or an index) does.
    if (route.path !== undefined || route.index) {
      const segments = chain.flatMap((r) => segmentsOf(r.path ?? ''));
      branches.push({ routes: chain, score: scoreOf(segments, route.index === true) });
    }
  }
  return branches;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The branch's matches for `segments` (the address's), or null. */
function matchBranch(branch: Branch, segments: string[]): RouteMatch[] | null {
  const params: Record<string, string> = {};
  const ends: number[] = [];
  let at = 0;
  for (const route of branch.routes) {
    for (const pattern of segmentsOf(route.path ?? '')) {
      if (pattern === '*') {
        params['*'] = segments.slice(at).map(decode).join('/');
        at = segments.length;
      } else if (at >= segments.length) return null;
      else if (pattern.startsWith(':')) params[pattern.slice(1)] = decode(segments[at++]!);
      else if (pattern.toLowerCase() === segments[at]!.toLowerCase()) at++;
      else return null;
    }
    ends.push(at);
  }
  if (at !== segments.length) return null;
  return branch.routes.map((route, i) => ({
    route,
    params,
    pathname: `/${segments.slice(0, ends[i]).join('/')}`,
  }));
}

/** The matches of the best-ranked route for `location` (outermost first), or null when none matches. */
export function matchRoutes(routes: RouteObject[], location: Location | string): RouteMatch[] | null {
  const segments = segmentsOf(typeof location === 'string' ? location : location.pathname);
  // A stable sort: equal ranks keep the order they were written in.
  const branches = flatten(routes).sort((a, b) => b.score - a.score);
  for (const branch of branches) {
    const matches = matchBranch(branch, segments);
    if (matches) return matches;
  }
  return null;
}

// ---- React -----------------------------------------------------------------------------------------------------------

const LocationContext = createContext<Location | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

/** Follows the address after '#' for everything inside it. */
export function HashRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribe, readLocation);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation() is for use inside <HashRouter>');
  return location;
}

/** The element of the best-matching route, each nested route shown by its parent's `<Outlet>`; null for none. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location), [routes, location]);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>(
    (outlet, match) => (
      <RouteContext.Provider value={{ outlet, params: match.params }}>
        {match.route.element === undefined ? outlet : match.route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout shows its matching child route. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

export function useNavigate(): typeof navigate {
  return navigate;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>) => void] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: URLSearchParams | Record<string, string>) => {
    navigate({ search: `?${new URLSearchParams(next)}` });
  }, []);
  return [params, set];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean };

/** A link to a route: a real `href` (new tab, copy address), and a history entry without reloading on a plain click. */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const location = useLocation();
  const target = resolveTo(to, location);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigate(target, { replace });
  };
  return <a {...rest} href={href(target)} onClick={follow} />;
}

/**
 * A link that knows it is current: class `active` and `aria-current="page"` while the address is its path or below
 * it (only its path with `end`).
 */
export function NavLink({ end = false, className, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const path = resolveTo(rest.to, { pathname, search: '' }).pathname.replace(/\/+$/, '');
  const here = pathname.replace(/\/+$/, '').toLowerCase();
  const active = here === path.toLowerCase() || (!end && here.startsWith(`${path.toLowerCase()}/`));
  return (
    <Link
      {...rest}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
