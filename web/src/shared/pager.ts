import { useSyncExternalStore } from 'react';

/**
 * Spec 01 section 9: "Pager count 5 under 992 px width, else 7": the page numbers a pager shows,
 * the first and the last included, as Element's pager counts them (antd's pager cannot show seven
 * numbers, so the console draws its own: widgets/Pager.tsx, widgets/Table.tsx).
 */
export const PAGER_COUNT_NARROW = 5;
export const PAGER_COUNT_WIDE = 7;
export const PAGER_NARROW_BELOW_PX = 992;

export const pagerCountFor = (width: number): number => (width < PAGER_NARROW_BELOW_PX ? PAGER_COUNT_NARROW : PAGER_COUNT_WIDE);

export type PagerItem = { kind: 'page'; page: number } | { kind: 'prevMore'; page: number } | { kind: 'nextMore'; page: number };

/**
 * What a pager shows for page `current` of `pageCount`: every page when they are no more than
 * `pagerCount`; else the first and the last, `pagerCount` - 2 around the current one (or at the
 * end it is near), and a "more" on each side that is cut, jumping by `pagerCount` - 2 pages.
 */
export const pagerItems = (current: number, pageCount: number, pagerCount: number): PagerItem[] => {
  const page = (p: number): PagerItem => ({ kind: 'page', page: p });
  if (pageCount <= 0) return [page(1)];
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, i) => page(i + 1));
  const half = (pagerCount - 1) / 2;
  const showPrevMore = current > pagerCount - half;
  const showNextMore = current < pageCount - half;
  const middle: number[] = [];
  if (showPrevMore && !showNextMore) for (let p = pageCount - (pagerCount - 2); p < pageCount; p++) middle.push(p);
  else if (!showPrevMore && showNextMore) for (let p = 2; p < pagerCount; p++) middle.push(p);
  else {
    const offset = Math.floor(pagerCount / 2) - 1;
    for (let p = current - offset; p <= current + offset; p++) middle.push(p);
  }
  const jump = pagerCount - 2;
  return [
    page(1),
    ...(showPrevMore ? [{ kind: 'prevMore', page: Math.max(1, current - jump) } as PagerItem] : []),
    ...middle.map(page),
    ...(showNextMore ? [{ kind: 'nextMore', page: Math.min(pageCount, current + jump) } as PagerItem] : []),
    page(pageCount),
  ];
};

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

/** The pager count for the window's width now, following resizes. */
export const usePagerCount = (): number => useSyncExternalStore(subscribe, () => pagerCountFor(window.innerWidth));
