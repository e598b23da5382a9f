import { persistedStore } from './persistedStore';

/** Spec 01 section 3: a page tab. `value` is the path; `query` its search string without '?'. */
export type Tab = { label: string; value: string; query?: string; params?: Record<string, string>; meta?: Record<string, unknown>; group?: string[]; close: boolean };

/** The first page (spec 01 section 9): its tab is always there and cannot be closed. */
export const HOME_PATH = '/wel/index';
export const homeTab: Tab = { label: 'shell.home', value: HOME_PATH, close: false };

const isTabs = (value: unknown): value is Tab[] => Array.isArray(value);
const withHome = (tabs: Tab[]): Tab[] => [homeTab, ...tabs.filter((tab) => tab.value !== HOME_PATH)];

const store = persistedStore<Tab[]>('tpl.tabs', [homeTab], isTabs);

export const getTabs = () => withHome(store.get());
export const useTabs = () => withHome(store.use());

/** Opens (or updates) the tab of a path. */
export const openTab = (tab: Omit<Tab, 'close'>): void =>
  store.set((tabs) => {
    const list = withHome(tabs);
    const at = list.findIndex((t) => t.value === tab.value);
    if (at >= 0) return list.map((t, i) => (i === at ? { ...t, ...tab } : t));
    return [...list, { ...tab, close: tab.value !== HOME_PATH }];
  });

/** Closes a tab; the home tab and the last remaining tab stay. */
export const closeTab = (value: string): void =>
  store.set((tabs) => {
    const list = withHome(tabs);
    if (value === HOME_PATH || list.length <= 1) return list;
    return list.filter((t) => t.value !== value);
  });

export const closeOtherTabs = (value: string): void => store.set((tabs) => withHome(tabs).filter((t) => t.value === value || t.value === HOME_PATH));

/** Close all: only the home tab stays (also what signing in does). */
export const closeAllTabs = (): void => store.set([homeTab]);
