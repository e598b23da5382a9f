import { prefersReducedMotion, themeConfig } from '../../web/src/layout/theme';

describe('the console theme and reduced motion', () => {
  const appearance = { theme: 'default', color: '#409EFF' } as const;
  const withMedia = (matches: boolean | undefined, run: () => void) => {
    const g = globalThis as { window?: unknown };
    const before = g.window;
    g.window = matches === undefined ? {} : { matchMedia: (q: string) => ({ matches: q === '(prefers-reduced-motion: reduce)' && matches }) };
    try {
      run();
    } finally {
      g.window = before;
    }
  };

  test('animations stay on unless the user asked for less motion', () => {
    expect(themeConfig(appearance).token?.motion).toBe(true);
    expect(themeConfig(appearance, true).token?.motion).toBe(false);
    expect(themeConfig(appearance, true).token?.colorPrimary).toBe('#409EFF');
  });

  test('the preference is read from the browser (prefers-reduced-motion: reduce)', () => {
    withMedia(true, () => expect(prefersReducedMotion()).toBe(true));
    withMedia(false, () => expect(prefersReducedMotion()).toBe(false));
    // a browser without matchMedia, and no browser at all (the server), animate as before
    withMedia(undefined, () => expect(prefersReducedMotion()).toBe(false));
    expect(prefersReducedMotion()).toBe(false);
  });
});
