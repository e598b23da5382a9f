import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { FeedbackBridge } from './api/FeedbackBridge';
import { queryClient } from './api/queryClient';
import { acceptLanguage, currentLanguage, i18n } from './i18n';
import { antdLocaleOf, applyDayjsLocale } from './i18n/uiLocale';
import { resolveLabel, usePageTitleText } from './shared/widgets/pageTitle';
import { applyThemeClass, prefersReducedMotion, themeConfig, useAppearance } from './layout/theme';
import { router } from './router';

const REDUCED_MOTION = prefersReducedMotion();

/**
 * Spec 01 section 2: the page's name plus the product title, again in a new language. Its own
 * component: the page's name changes with every navigation, and what re-renders with it must not
 * include the ConfigProvider (a new theme object re-renders every antd component of every open tab).
 */
const DocumentTitle = () => {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const page = usePageTitleText();
  useEffect(() => {
    document.documentElement.lang = acceptLanguage[lang];
    document.title = page ? `${resolveLabel(page, { exists: (key) => i18n.exists(key), t: (key) => t(key) })} - ${t('app.title')}` : t('app.title');
  }, [lang, t, page]);
  return null;
};

const LocalizedApp = () => {
  useTranslation(); // re-renders on language change
  const lang = currentLanguage();
  // before the pickers render in the new language (its words and antd's came together: i18n/index.ts)
  applyDayjsLocale(lang);
  const appearance = useAppearance();
  // the same objects until the language or the appearance changes (antd re-renders every component on a new one)
  const locale = useMemo(() => antdLocaleOf(lang), [lang]);
  const theme = useMemo(() => themeConfig(appearance, REDUCED_MOTION), [appearance]);

  useEffect(() => applyThemeClass(appearance.theme), [appearance.theme]);

  return (
    <ConfigProvider locale={locale} theme={theme}>
      <DocumentTitle />
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
};

export const App = () => (
  <I18nextProvider i18n={i18n}>
    <LocalizedApp />
  </I18nextProvider>
);
