import { expect } from '@open-wc/testing';
import { act } from 'react';
import { useReactRoot } from '@edu-portal/react/test-utils.ts';
import {
  HashRouter,
  Link,
  NavLink,
  Outlet,
  matchRoutes,
  navigate,
  useLocation,
  useParams,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from './router.tsx';

const names = (routes: RouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((m) => m.route.handle as string) ?? null;

describe('demo router: matching', () => {
  // The demo's own shape: a pathless catalogue layout with an index, pages, a param and a catch-all, beside the
  // portal's top-level routes.
  const routes: RouteObject[] = [
    {
      handle: 'layout',
      children: [
        { index: true, handle: 'home' },
        { path: 'blocks/dialogs', handle: 'dialogs' },
        { path: 'reference/:tag', handle: 'reference' },
        { path: '*', handle: 'not-found' },
      ],
    },
    { path: 'desktop', handle: 'desktop' },
    { path: 'desktop/home', handle: 'desktop-home' },
    { path: 'areaDesktop', handle: 'area' },
  ];

  it('ranks static paths before the catch-all, wherever they are written', () => {
    expect(names(routes, '/desktop')).to.deep.equal(['desktop']);
    expect(names(routes, '/desktop/home')).to.deep.equal(['desktop-home']);
    expect(names(routes, '/blocks/dialogs')).to.deep.equal(['layout', 'dialogs']);
    expect(names(routes, '/desktop/nothing')).to.deep.equal(['layout', 'not-found']);
  });

  it('matches the index on the parent path, case-insensitively, with or without a trailing slash', () => {
    expect(names(routes, '/')).to.deep.equal(['layout', 'home']);
    expect(names(routes, '')).to.deep.equal(['layout', 'home']);
    expect(names(routes, '/areadesktop/')).to.deep.equal(['area']);
  });

  it('gives decoded params, the splat, and each match the part it matched', () => {
    const matches = matchRoutes(routes, '/reference/edu-%E5%AF%B9%E8%AF%9D')!;
    expect(matches.map((m) => m.pathname)).to.deep.equal(['/', '/reference/edu-%E5%AF%B9%E8%AF%9D']);
    expect(matches[1]!.params).to.deep.equal({ tag: 'edu-对话' });
    expect(matchRoutes(routes, '/a/b%2Fc')![1]!.params['*']).to.equal('a/b/c');
    // A malformed escape is kept as written rather than throwing.
    expect(matchRoutes(routes, '/reference/%E5')![1]!.params['tag']).to.equal('%E5');
  });

  it('matches nothing when no route takes the whole address', () => {
    expect(matchRoutes([{ path: 'a', children: [{ path: 'b' }] }], '/a/b/c')).to.equal(null);
    expect(names([{ path: 'a', handle: 'a', children: [{ path: 'b', handle: 'b' }] }], '/a')).to.deep.equal(['a']);
  });
});

describe('demo router: in a page', () => {
  const view = useReactRoot();

  function Layout() {
    return (
      <main>
        <nav>
          <NavLink to="/" end>
            home
          </NavLink>
          <NavLink to="/items">items</NavLink>
          <Link to={{ pathname: '/items/7', search: '?tab=notes' }}>seven</Link>
        </nav>
        <Outlet />
      </main>
    );
  }
  function Item() {
    const { id } = useParams();
    const [query] = useSearchParams();
    const { pathname } = useLocation();
    return <p id="item">{`${id} ${query.get('tab') ?? '-'} ${pathname}`}</p>;
  }
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: <p id="home">home page</p> },
        { path: 'items', element: <p id="items">all items</p> },
        { path: 'items/:id', element: <Item /> },
      ],
    },
  ];
  function Routed() {
    return <>{useRoutes(routes)}</>;
  }
  const text = () => view.container.querySelector('main > p')?.textContent;
  const link = (name: string) => [...view.container.querySelectorAll('a')].find((a) => a.textContent === name)!;

  beforeEach(() => {
    history.replaceState(null, '', '#/');
    act(() =>
      view.root.render(
        <HashRouter>
          <Routed />
        </HashRouter>,
      ),
    );
  });

  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('shows the route of the address, and follows links without reloading, with a history entry', async () => {
    expect(text()).to.equal('home page');
    expect(link('home').getAttribute('aria-current')).to.equal('page');
    expect(link('seven').getAttribute('href')).to.equal('#/items/7?tab=notes');
    const entries = history.length;
    act(() => link('seven').click());
    expect(location.hash).to.equal('#/items/7?tab=notes');
    expect(text()).to.equal('7 notes /items/7');
    expect(history.length).to.equal(entries + 1);
    // "items" is current below its own path; "home" (end) only on its own.
    expect(link('items').className).to.equal('active');
    expect(link('home').hasAttribute('aria-current')).to.equal(false);
  });

  it('follows the back button, a typed address and navigate()', async () => {
    act(() => link('items').click());
    expect(text()).to.equal('all items');
    await act(async () => {
      history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(text()).to.equal('home page');
    await act(async () => {
      location.hash = '#/items/12';
      await new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    });
    expect(text()).to.equal('12 - /items/12');
    act(() => navigate('/items', { replace: true }));
    expect(text()).to.equal('all items');
  });

  it('leaves a modified click (new tab) to the browser', () => {
    // Seen after the router's handler, then stopped here so the test page stays where it is.
    let leftToBrowser = false;
    const seen = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', seen);
    try {
      act(
        () =>
          void link('items').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true })),
      );
    } finally {
      window.removeEventListener('click', seen);
    }
    expect(leftToBrowser).to.equal(true);
    expect(text()).to.equal('home page');
  });
});
