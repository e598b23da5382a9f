import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { Language } from '@tpl/contracts';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/** antd's and dayjs's locale for each console language (mo reads Traditional Chinese). */
export const antdLocales: Record<Language, Locale> = { zh: zhCN, en: enUS, mo: zhTW };
const dayjsLocales: Record<Language, string> = { zh: 'zh-cn', en: 'en', mo: 'zh-tw' };

export const applyDayjsLocale = (lang: Language): void => {
  dayjs.locale(dayjsLocales[lang]);
};
