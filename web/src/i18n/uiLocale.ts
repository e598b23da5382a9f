import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { ConfigProviderProps } from 'antd';
// antd's built-in default: its components carry it whatever the language, so it costs the entry nothing
import enUS from 'antd/es/locale/en_US';
import type { Language } from '@tpl/contracts/light';

type Locale = NonNullable<ConfigProviderProps['locale']>;
/** A console language's words of the component library (antd: undefined is its built-in English) and its dates (dayjs). */
export type UiLocale = { antd: Locale | undefined; dayjs: string };

/**
 * Each language's antd and dayjs words load on demand, as its own words do (i18n/index.ts loads
 * them together, so the language shown is complete before anything renders in it): a page
 * loads one language's, not all three (mo reads Traditional Chinese).
 */
const loaders: Record<Language, () => Promise<{ default: UiLocale }>> = {
  zh: () => import('./ui/zh'),
  en: () => import('./ui/en'),
  mo: () => import('./ui/mo'),
};
const loaded: Partial<Record<Language, UiLocale>> = {};

export const loadUiLocale = async (lang: Language): Promise<UiLocale> => (loaded[lang] ??= (await loaders[lang]()).default);

/**
 * antd's locale of a language once loaded, else English. Always one: a ConfigProvider given a
 * locale after none wraps its children anew, and the page under it would mount again.
 */
export const antdLocaleOf = (lang: Language): Locale => loaded[lang]?.antd ?? enUS;

dayjs.extend(updateLocale);

/**
 * The language's dates, the week running Monday to Sunday in every language (spec 02: dayjs's
 * English starts it on Sunday): date pickers' calendars, "this week" and startOf('week').
 */
export const applyDayjsLocale = (lang: Language): void => {
  const l = loaded[lang];
  if (!l) return;
  dayjs.updateLocale(l.dayjs, { weekStart: 1 });
  dayjs.locale(l.dayjs);
};
