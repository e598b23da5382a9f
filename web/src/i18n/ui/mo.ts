import 'dayjs/locale/zh-tw';
import zhTW from 'antd/es/locale/zh_TW';
import type { UiLocale } from '../uiLocale';

/** antd's and dayjs's words in Traditional Chinese (mo): a chunk of its own, loaded with the mo words. */
const locale: UiLocale = { antd: zhTW, dayjs: 'zh-tw' };
export default locale;
