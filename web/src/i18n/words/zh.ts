import { messages } from '../messages';

/**
 * The zh words as one tree. The build replaces this module by the finished tree (plugin
 * tpl-words in web/vite.config.ts): i18n/index.ts imports it on demand, so the page loads only
 * the language it shows.
 */
const words = messages.zh;
export default words;
