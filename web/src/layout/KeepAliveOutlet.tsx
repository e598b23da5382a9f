import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, useOutlet, type Location, type NavigationType } from 'react-router-dom';
import { useTabs } from '../shell/tabs';

/** `where` is the location context a kept page reads: the same object until that page moves, so a hidden page is not rendered again when another one navigates */
type Kept = { element: ReactNode; where: { location: Location; navigationType: NavigationType }; container: HTMLDivElement };

/**
 * Puts the shown page's container into the content slot. Rendered after the slot (its ref is set)
 * and before the pages, so that its layout effect runs before theirs: a page coming back measures itself attached.
 */
const Attach = ({ slot, container, onAttached }: { slot: React.RefObject<HTMLDivElement | null>; container: HTMLDivElement; onAttached: () => void }) => {
  useLayoutEffect(() => {
    const target = slot.current;
    if (!target) return;
    if (target.firstChild !== container || target.childNodes.length !== 1) target.replaceChildren(container);
    onAttached();
  });
  return null;
};

/**
 * Spec 01 section 2: kept-alive tab pages. Each open tab's page stays mounted, state and
 * effects untouched (as Vue's keep-alive: coming back does not mount it again, so a form
 * that fills itself from the URL on mount keeps what was typed), in a container of its own;
 * only the shown page's container is in the document, so a hidden page takes no room and
 * nothing finds its elements. A hidden page keeps the location it was left at. Closing the tab drops
 * the page. After a navigation the window scrolls to the top, or, for a kept-alive page
 * coming back, to where it was left.
 */
export const KeepAliveOutlet = () => {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tabs = useTabs();
  const key = location.pathname;
  const cache = useRef(new Map<string, Kept>());
  const scrolls = useRef(new Map<string, number>());
  const shownKey = useRef<string | null>(null);
  /** pages shown before (kept alive): they come back at their scroll position */
  const shownBefore = useRef(new Set<string>());
  const slot = useRef<HTMLDivElement | null>(null);

  const previous = cache.current.get(key);
  const container = previous?.container ?? Object.assign(document.createElement('div'), { className: 'shell-page' });
  container.dataset.page = key;
  const where = previous && previous.where.location === location && previous.where.navigationType === navigationType ? previous.where : { location, navigationType };
  cache.current.set(key, { element: outlet, where, container });
  const isOpen = (path: string) => path === key || tabs.some((tab) => tab.value === path);
  // a render may be thrown away (navigations render in a transition): pages of closed tabs are
  // left out here and dropped only once a render that leaves them out is committed
  useLayoutEffect(() => {
    for (const kept of [...cache.current.keys()]) {
      if (!isOpen(kept)) {
        cache.current.delete(kept);
        scrolls.current.delete(kept);
        shownBefore.current.delete(kept);
      }
    }
  });

  // where each page was scrolled to, recorded as the user scrolls
  useEffect(() => {
    const record = () => {
      if (shownKey.current) scrolls.current.set(shownKey.current, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  const onAttached = () => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    const kept = shownBefore.current.has(key);
    shownBefore.current.add(key);
    window.scrollTo(0, kept ? (scrolls.current.get(key) ?? 0) : 0);
  };

  return (
    <>
      <div ref={slot} className="shell-page-slot" />
      <Attach slot={slot} container={container} onAttached={onAttached} />
      {[...cache.current.entries()].filter(([path]) => isOpen(path)).map(([path, kept]) =>
        createPortal(
          <LocationContext.Provider value={kept.where}>{kept.element}</LocationContext.Provider>,
          kept.container,
          path,
        ),
      )}
    </>
  );
};
