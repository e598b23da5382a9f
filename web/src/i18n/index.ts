import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@tpl/contracts/light';
import type { Messages } from './tree';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './stored';
import { loadUiLocale } from './uiLocale';

/**
 * i18next for the console. The words (i18n/messages.ts: the contracts' shared resources with the
 * console's strings over them) load one language at a time through a backend reading
 * words/<lang>.ts. Kept free of DOM and bundler APIs at import time so a Node test can load it.
 */
export { LANGUAGES, type Language, type Messages };

export { DEFAULT_LANGUAGE };
const STORAGE_KEY = LANGUAGE_STORAGE_KEY;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

const storedLanguage = (): Language => {
  const saved = storage()?.getItem(STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
};

/** Accept-Language as the server expects it. */
export const acceptLanguage: Record<Language, string> = { zh: 'zh-CN', en: 'en', mo: 'zh-TW' };

export const i18n = i18next.createInstance();

/**
 * Each language's words load on demand (words/<lang>.ts, a chunk of its own in the build), with
 * antd's and dayjs's words of the same language (ui/<lang>.ts, uiLocale.ts): the page loads the
 * language it shows, another one when the user switches (changeLanguage waits for both).
 */
const withUi = (lang: Language, load: () => Promise<{ default: Messages }>) => () => Promise.all([load(), loadUiLocale(lang)]).then(([m]) => m);
const words: Record<Language, () => Promise<{ default: Messages }>> = {
  zh: withUi('zh', () => import('./words/zh')),
  en: withUi('en', () => import('./words/en')),
  mo: withUi('mo', () => import('./words/mo')),
};
const wordsBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lang, _namespace, callback) => {
    const load = isLanguage(lang) ? words[lang] : words[DEFAULT_LANGUAGE];
    load().then(
      (m) => callback(null, m.default as ResourceKey),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

/** Settles once the first language's words are there (main.tsx renders after it). */
export const i18nReady: Promise<unknown> = i18n
  .use(wordsBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // no fallback language: i18next would load its words too, beside the shown one. The three
    // languages have the same keys (missingKeys(), tests/unit/i18n.spec.ts), so none is needed.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    // ask the backend at once (not after a timer): the words' request starts while the entry runs,
    // and a Node test that imports this module has them asked for before it ends
    initAsync: false,
    showSupportNotice: false,
  });

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the UI language and remembers the choice for the next visit. */
export const setLanguage = async (lang: Language): Promise<void> => {
  storage()?.setItem(STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
};
