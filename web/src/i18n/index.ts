import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, resources as sharedResources, type Language } from '@tpl/contracts';
import { zh } from './zh';
import { en } from './en';
import { mo } from './mo';
import { registrationsMessages } from '../features/system/registrations/i18n';
import { flowStrings } from '../features/flow/i18n';
import { signinStrings } from '../auth/i18n';
import { shellStrings } from '../layout/i18n';
import { pagesStrings } from '../features/pages/i18n';

/**
 * i18next for the console: the shared resources of @tpl/contracts (field labels, actions,
 * enums, errors, validation: the same words the server uses) with the console's own strings
 * deep-merged over them. Kept free of DOM and bundler APIs at import time so a Node test can
 * load it (see missingKeys()).
 */
export type Messages = { [key: string]: string | Messages };

export { LANGUAGES, type Language };

/** Deep merge: objects merge key by key, a string of `extra` replaces what `base` had. */
export const mergeMessages = (base: Messages, extra: Messages): Messages => {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
  }
  return out;
};

const consoleStrings: Record<Language, Messages> = { zh, en, mo };

/** Strings of feature areas kept in their own folders: one line per area. */
const areaStrings: Record<Language, Messages>[] = [
  registrationsMessages,
  flowStrings,
  signinStrings,
  shellStrings,
  pagesStrings,
];

export const messages: Record<Language, Messages> = {
  zh: areaStrings.reduce((m, a) => mergeMessages(m, a.zh), mergeMessages(sharedResources.zh, consoleStrings.zh)),
  en: areaStrings.reduce((m, a) => mergeMessages(m, a.en), mergeMessages(sharedResources.en, consoleStrings.en)),
  mo: areaStrings.reduce((m, a) => mergeMessages(m, a.mo), mergeMessages(sharedResources.mo, consoleStrings.mo)),
};

const flatten = (tree: Messages, prefix = ''): [key: string, text: string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : flatten(value, path);
  });

/**
 * Every key that one language has and another lacks, as "<lang>: <key>" (empty when the
 * three languages agree). Also reports keys whose text is empty.
 */
export const missingKeys = (): string[] => {
  const entries = LANGUAGES.map((lang) => [lang, new Map(flatten(messages[lang]))] as const);
  const every = [...new Set(entries.flatMap(([, texts]) => [...texts.keys()]))].sort();
  const missing: string[] = [];
  for (const [lang, texts] of entries) {
    for (const key of every) {
      const text = texts.get(key);
      if (text === undefined) missing.push(`${lang}: ${key}`);
      else if (text.trim() === '') missing.push(`${lang}: ${key} (empty)`);
    }
  }
  return missing;
};

export const DEFAULT_LANGUAGE: Language = 'zh';
const STORAGE_KEY = 'tpl.language';

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
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: messages[lang] }])),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the UI language and remembers the choice for the next visit. */
export const setLanguage = async (lang: Language): Promise<void> => {
  storage()?.setItem(STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
};
