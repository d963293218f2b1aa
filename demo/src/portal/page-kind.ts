// What a page address stands for (spec part 1 §2 "Post-login landing targets", app entry pages): the desktops and
// the mobile desktop become hash routes of the host; an app entry page becomes an app page with its own router.

/** The hash route of a desktop landing page, or null. */
export function desktopRouteForPath(pathname: string): string | null {
  const page = /(?:^|\/)(pc|mobile)_(desktop|area|areaDesktop)_all(?:\.html|\/(?:index\.html)?)$/.exec(pathname);
  if (!page) return null;
  if (page[1] === 'mobile') return '/mobile';
  return page[2] === 'desktop' ? '/desktop' : '/areaDesktop';
}

export interface AppPage {
  code: string;
  /** From the production path (`/{deploy}/{serverId}/pc_{code}_{idPath}/index.html`); '' in development. */
  serverId: string;
  idPath: 'tm' | 'spm' | 'all';
}

/** The app entry page at `pathname` (`/pages/homework/pc_homework_tm/index.html`, `/pc_homework_tm.html`), or null. */
export function appPageForPath(pathname: string): AppPage | null {
  if (desktopRouteForPath(pathname)) return null;
  const production =
    /^\/(?:[A-Za-z0-9_-]+\/)?([A-Za-z0-9_-]+)\/pc_([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*?)_(tm|spm|all)\/(?:index\.html)?$/.exec(
      pathname,
    );
  if (production) {
    if (production[2] === 'bind') return null;
    return { serverId: production[1]!, code: production[2]!, idPath: production[3] as AppPage['idPath'] };
  }
  const development = /^\/pc_([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*?)_(tm|spm|all)\.html$/.exec(pathname);
  if (development) return { serverId: '', code: development[1]!, idPath: development[2] as AppPage['idPath'] };
  return null;
}
