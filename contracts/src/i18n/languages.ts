/** The console's and the server's languages: Simplified Chinese, English, Traditional Chinese (Macau). */
export const LANGUAGES = ['zh', 'en', 'mo'] as const;
export type Language = (typeof LANGUAGES)[number];
