import { useEffect, useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useSession } from '../../auth/session';
import { paths } from '../../paths';
import { pagesApi } from './api';
import { pagePaths } from '../../pagePaths';

/**
 * `/` (spec 01 section 2): asks the server whether the stored token still works. Valid: on to
 * the first page. A 401 ends the session in the API client (so the session hook sends the
 * page to sign-in); no session at all goes to sign-in at once. Anything else (the server
 * unreachable) says so and offers to try again.
 */
export const TokenCheckPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    setFailure(null);
    pagesApi
      .tokenCheck()
      .then(() => !cancelled && navigate(pagePaths.home, { replace: true }))
      .catch((e: unknown) => {
        if (cancelled) return;
        // 401: the client already cleared the session; the render below goes to sign-in
        if (!(e instanceof ApiError && e.code === 401)) setFailure(e instanceof Error ? e.message : t('errors.unknown'));
      });
    return () => {
      cancelled = true;
    };
    // the session's presence, not its object, decides whether to check
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(session), attempt]);

  if (!session) return <Navigate to={paths.login} replace />;
  if (failure) {
    return (
      <Result
        status="warning"
        title={t('pages.tokenCheck.failed')}
        subTitle={failure}
        data-testid="token-check-failed"
        extra={
          <Space>
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('pages.tokenCheck.retry')}
            </Button>
            <Button onClick={() => navigate(paths.login)}>{t('pages.tokenCheck.toLogin')}</Button>
          </Space>
        }
      />
    );
  }
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }} data-testid="token-check">
      <Spin size="large" tip={t('pages.tokenCheck.checking')}>
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
};
