import { useEffect, useSyncExternalStore } from 'react';
import { HOME_PATH } from '../../shell/tabs';
import type { entryFor, MenuNode } from '../menu';

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

/**
 * A part of a label that is text as it is, never looked up (a record's code may also be a key:
 * the serial code `consignment`): marked by a leading word joiner, which shows as nothing.
 */
const LITERAL = '\u2060';
export const literal = (text: string): string => `${LITERAL}${text}`;

/** A stored label in the current language: every part that is an i18n key translated, literal parts as they are. */
export const resolveLabel = (label: string, i18n: { exists: (key: string) => boolean; t: (key: string) => string }): string =>
  label
    .split(LABEL_SEPARATOR)
    .map((part) => (part.startsWith(LITERAL) ? part.slice(LITERAL.length) : i18n.exists(part) ? i18n.t(part) : part))
    .join(LABEL_SEPARATOR);

/**
 * What a page is about, by its path (a document's bill number, a record's code): its tab and
 * the document title name it after the page's kind and mode ("入库单 · 查看 · RK2026…"). A
 * kept-alive page keeps its subject while its tab is open.
 */
const subjects = new Map<string, string>();
const subjectListeners = new Set<() => void>();
let subjectsVersion = 0;
const setSubject = (path: string, subject: string | undefined) => {
  if ((subjects.get(path) ?? undefined) === subject) return;
  if (subject === undefined) subjects.delete(path);
  else subjects.set(path, subject);
  subjectsVersion++;
  subjectListeners.forEach((l) => l());
};
const subscribeSubjects = (listener: () => void) => {
  subjectListeners.add(listener);
  return () => subjectListeners.delete(listener);
};

/** The subject of the page at `path`, if it has named one. */
export const usePageSubjectOf = (path: string): string | undefined => {
  useSyncExternalStore(subscribeSubjects, () => subjectsVersion);
  return subjects.get(path);
};

/** A page names what it shows (once it knows): its own path's subject. */
export const usePageSubject = (path: string, subject: string | null | undefined): void => {
  useEffect(() => {
    if (subject) setSubject(path, subject);
  }, [path, subject]);
};

/** What a route's handle says of its page: the kind of thing it shows (an i18n key) and the mode. */
export type PageHandle = { page?: { titleKey: string; mode: 'new' | 'view' | 'edit' } };

/** A page's label from its kind, mode and subject: "入库单 · 新增", "入库单 · 查看 · RK2026…". */
export const pageLabel = (page: NonNullable<PageHandle['page']>, subject?: string): string =>
  [page.titleKey, `common.${page.mode}`, ...(page.mode !== 'new' && subject ? [literal(subject)] : [])].join(LABEL_SEPARATOR);

/** Pages of the shell that no menu entry names (spec 01 section 2), by path: their tab label. */
export const SHELL_PAGE_LABELS: Record<string, string> = {
  [HOME_PATH]: 'shell.home',
  '/wel/dashboard': 'pages.names.dashboard',
  '/info/index': 'pages.names.info',
  '/test/index': 'pages.names.test',
};

/** The last segment of a page under an entry's path: new, edit, or a record shown. */
export const subPageKey = (rest: string): string => {
  const last = rest.split('/').filter(Boolean).pop() ?? '';
  return last === 'new' ? 'common.new' : last === 'edit' ? 'common.edit' : 'common.view';
};

/** What the innermost route that says so says of its page (a document's kind and mode). */
export const routePage = (matches: readonly { handle?: unknown }[]): PageHandle['page'] =>
  [...matches]
    .reverse()
    .map((m) => (m.handle as PageHandle | undefined)?.page)
    .find((page) => page !== undefined);

/** The i18n key a route names its page with (`handle.titleKey`), the innermost route's first. */
export const routeTitleKey = (matches: readonly { handle?: unknown }[]): string | undefined =>
  [...matches]
    .reverse()
    .map((m) => (m.handle as { titleKey?: unknown } | undefined)?.titleKey)
    .find((key): key is string => typeof key === 'string');

/**
 * A tab's label: kept as an i18n key where there is one, so it follows the language. A page no
 * menu entry names (a task opened from the inbox) is named by its route, never by its URL.
 */
export const labelFor = (
  pathname: string,
  search: string,
  found: ReturnType<typeof entryFor> | undefined,
  exists: (key: string) => boolean,
  routeKey?: string,
  page?: PageHandle['page'],
  subject?: string,
): string => {
  if (SHELL_PAGE_LABELS[pathname]) return SHELL_PAGE_LABELS[pathname];
  // a page that says what it shows and how (a document's view, new or edit form) is named so, whatever its path
  if (page) return pageLabel(page, subject);
  const name = (node: MenuNode) => (node.meta?.i18n && exists(node.meta.i18n) ? node.meta.i18n : node.name);
  if (found?.exact) return name(found.node);
  if (pathname.startsWith('/myiframe/')) return new URLSearchParams(search).get('name') || 'pages.names.iframe';
  // a page its route names (the signing confirmation under the delivery bills' entry) is named so, not "查看" of the entry
  if (routeKey && exists(routeKey)) return [routeKey, ...(subject ? [literal(subject)] : [])].join(LABEL_SEPARATOR);
  if (found) {
    const mode = subPageKey(pathname.slice((found.node.path ?? '').length));
    return [name(found.node), mode, ...(mode !== 'common.new' && subject ? [literal(subject)] : [])].join(LABEL_SEPARATOR);
  }
  // a page no entry and no route names is never named by its URL
  return 'pages.names.untitled';
};

