import 'dayjs/locale/zh-cn';
import zhCN from 'antd/es/locale/zh_CN';
import type { UiLocale } from '../uiLocale';

/** antd's and dayjs's words in Simplified Chinese: a chunk of its own, loaded with the zh words. */
const locale: UiLocale = { antd: zhCN, dayjs: 'zh-cn' };
export default locale;
