/**
 * Where the console keeps the user's language, and the one it shows before any choice. Plain
 * constants (no import): i18n/index.ts reads them, and so does the build (web/vite.config.ts),
 * whose page script preloads the stored language's words beside the entry.
 */
export const LANGUAGE_STORAGE_KEY = 'tpl.language';
export const DEFAULT_LANGUAGE = 'zh' as const;
