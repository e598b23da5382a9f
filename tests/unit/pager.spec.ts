import { pagerCountFor, pagerItems, type PagerItem } from '../../web/src/shared/pager';

// Spec 01 section 9: pager count 5 under 992 px width, else 7 (web/src/shared/pager.ts, drawn by widgets/Pager.tsx).
const show = (items: PagerItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : i.kind === 'prevMore' ? '<' : '>')).join(' ');
const numbers = (items: PagerItem[]) => items.filter((i) => i.kind === 'page').length;

describe('pager', () => {
  it('counts 5 under 992 px and 7 from 992 px', () => {
    expect([pagerCountFor(360), pagerCountFor(991), pagerCountFor(992), pagerCountFor(1920)]).toEqual([5, 5, 7, 7]);
  });

  it('shows every page when there are no more than the pager count', () => {
    expect(show(pagerItems(1, 7, 7))).toBe('1 2 3 4 5 6 7');
    expect(show(pagerItems(3, 5, 5))).toBe('1 2 3 4 5');
    expect(show(pagerItems(1, 0, 7))).toBe('1');
  });

  it('shows exactly the pager count of numbers, first and last included, with a jump on each side cut', () => {
    expect(show(pagerItems(1, 20, 7))).toBe('1 2 3 4 5 6 > 20');
    expect(show(pagerItems(10, 20, 7))).toBe('1 < 8 9 10 11 12 > 20');
    expect(show(pagerItems(20, 20, 7))).toBe('1 < 15 16 17 18 19 20');
    expect(show(pagerItems(1, 20, 5))).toBe('1 2 3 4 > 20');
    expect(show(pagerItems(10, 20, 5))).toBe('1 < 9 10 11 > 20');
    for (const count of [5, 7]) for (let current = 1; current <= 30; current++) expect(numbers(pagerItems(current, 30, count))).toBe(count);
  });

  it('jumps by the pager count less two', () => {
    const items = pagerItems(10, 20, 7);
    expect(items.find((i) => i.kind === 'prevMore')?.page).toBe(5);
    expect(items.find((i) => i.kind === 'nextMore')?.page).toBe(15);
    expect(pagerItems(10, 20, 5).find((i) => i.kind === 'nextMore')?.page).toBe(13);
  });
});
