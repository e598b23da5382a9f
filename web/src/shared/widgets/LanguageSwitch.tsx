import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, isLanguage, setLanguage } from '../../i18n';

/** zh / en / mo; the choice is remembered in localStorage. */
export const LanguageSwitch = () => {
  const { t } = useTranslation();
  return (
    <Segmented
      size="small"
      aria-label={t('lang.label')}
      data-testid="lang-switch"
      value={currentLanguage()}
      options={LANGUAGES.map((lang) => ({
        value: lang,
        label: <span data-testid={`lang-${lang}`}>{t(`lang.${lang}`)}</span>,
      }))}
      onChange={(value) => {
        if (isLanguage(value)) void setLanguage(value);
      }}
    />
  );
};
