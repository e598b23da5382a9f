import { useEffect, useSyncExternalStore } from 'react';

/**
 * Spec 01 section 2: the page title is the entry name plus the product title. The layout
 * names the page from its menu entry; a page may name itself (usePageTitle), which wins.
 * Held as an i18n key or plain text, so a language switch re-titles the page.
 */
type Title = { entry: string | null; own: string | null };

let current: Title = { entry: null, own: null };
const listeners = new Set<() => void>();
const set = (next: Partial<Title>) => {
  current = { ...current, ...next };
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const setEntryTitle = (entry: string | null): void => {
  if (entry !== current.entry) set({ entry });
};

/** The page's own title (an i18n key or text) while it is shown. */
export const usePageTitle = (title: string | null | undefined): void => {
  useEffect(() => {
    set({ own: title ?? null });
    return () => set({ own: null });
  }, [title]);
};

/** What the document title names before the product title, or null for the product title alone. */
export const usePageTitleText = (): string | null => {
  const title = useSyncExternalStore(subscribe, () => current);
  return title.own ?? title.entry;
};

/** Parts of a stored label (a tab's, a title's): each an i18n key or text. */
export const LABEL_SEPARATOR = ' · ';

/** A stored label in the current language: every part that is an i18n key translated. */
export const resolveLabel = (label: string, i18n: { exists: (key: string) => boolean; t: (key: string) => string }): string =>
  label
    .split(LABEL_SEPARATOR)
    .map((part) => (i18n.exists(part) ? i18n.t(part) : part))
    .join(LABEL_SEPARATOR);
