import type { UiLocale } from '../uiLocale';

/**
 * English: antd's own default words (its components carry en_US whatever the language, and
 * uiLocale.ts falls back to it; naming it here would only split it out of the entry) and
 * dayjs's built-in English.
 */
const locale: UiLocale = { antd: undefined, dayjs: 'en' };
export default locale;
