import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pagePaths } from '../../pagePaths';

type Kind = 'forbidden' | 'notFound' | 'serverError';
const STATUS = { forbidden: '403', notFound: '404', serverError: '500' } as const;

/** One error page (spec 01: /403, /404, /500; not tab pages): what happened, and a way home or back. */
const ErrorPage = ({ kind }: { kind: Kind }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const testId = kind === 'notFound' ? 'not-found' : kind === 'forbidden' ? 'forbidden' : 'server-error';
  return (
    <Result
      status={STATUS[kind]}
      title={t(`pages.errors.${kind}Title`)}
      subTitle={t(`pages.errors.${kind}Text`)}
      data-testid={`page-${testId}`}
      extra={
        <Space>
          <Button type="primary" data-testid={`${testId}-home`} onClick={() => navigate(pagePaths.home)}>
            {t('pages.errors.home')}
          </Button>
          <Button data-testid={`${testId}-back`} onClick={() => navigate(-1)}>
            {t('pages.errors.back')}
          </Button>
        </Space>
      }
    />
  );
};

export const ForbiddenPage = () => <ErrorPage kind="forbidden" />;
export const NotFoundPage = () => <ErrorPage kind="notFound" />;
export const ServerErrorPage = () => <ErrorPage kind="serverError" />;
