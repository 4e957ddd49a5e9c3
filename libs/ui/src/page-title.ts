import { useEffect } from 'react';

/** The site's name after a page's own in the tab's title (the shell's layout writes route titles the same way). */
export const SITE_TITLE_SUFFIX = ' | Antiquarium';

/**
 * The tab's title for a page that shows one thing (an artifact, a collection): its name, not the
 * route's generic one, so that tabs, history and bookmarks tell pages apart. Nothing while the name
 * is unknown; when the page goes, the title it replaced comes back (the next route then writes its own).
 */
export function usePageTitle(name: string | undefined | null): void {
  useEffect(() => {
    if (!name) return undefined;
    const before = document.title;
    const title = `${name}${SITE_TITLE_SUFFIX}`;
    document.title = title;
    return () => {
      if (document.title === title) document.title = before;
    };
  }, [name]);
}
