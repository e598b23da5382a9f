import { useEffect, useState } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { TokenResponse } from '@tpl/contracts';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { paths } from '../paths';
import { RegistrationDialog } from './RegistrationDialog';
import { clearSession } from './session';
import { AFTER_SIGN_IN, OAUTH_TENANT_KEY, completeSignIn, needsRegistration } from './signIn';

/** A state works once: React's development double effects and re-renders share one grant call. */
const grants = new Map<string, Promise<TokenResponse>>();

type Phase = { kind: 'pending' } | { kind: 'failed'; message: string } | { kind: 'register'; token: TokenResponse; tenantId: string };

/**
 * /oauth/callback/:source (public, not a tab): the provider sends the browser back here with
 * code, state, scope and iss; the page posts grantType=social in the tenant the sign-in started
 * in. A linked user is signed in; anyone else (userId empty or negative) gets the registration dialog.
 */
export const OAuthCallbackPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { source = '' } = useParams();
  const [params] = useSearchParams();
  const [phase, setPhase] = useState<Phase>({ kind: 'pending' });
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const scope = params.get('scope') ?? undefined;
  const iss = params.get('iss') ?? undefined;
  const providerError = params.get('error_description') ?? params.get('error');

  useEffect(() => {
    const tenantId = sessionStorage.getItem(OAUTH_TENANT_KEY) ?? '';
    if (providerError) {
      setPhase({ kind: 'failed', message: providerError });
      return;
    }
    if (!code || !state || !source || !tenantId) {
      setPhase({ kind: 'failed', message: t('signin.callback.incomplete') });
      return;
    }
    let live = true;
    let grant = grants.get(state);
    if (!grant) {
      grant = authApi.signInBySocial({ tenantId, source, code, state, scope, iss });
      grants.set(state, grant);
    }
    grant.then(
      (token) => {
        if (!live) return;
        if (needsRegistration(token.userId)) {
          setPhase({ kind: 'register', token, tenantId });
          return;
        }
        sessionStorage.removeItem(OAUTH_TENANT_KEY);
        completeSignIn(token);
        navigate(AFTER_SIGN_IN, { replace: true });
      },
      (error: unknown) => {
        if (live) setPhase({ kind: 'failed', message: error instanceof ApiError ? error.message : t('signin.callback.failed') });
      },
    );
    return () => {
      live = false;
    };
  }, [code, state, scope, iss, source, providerError, navigate, t]);

  const backToLogin = () => {
    sessionStorage.removeItem(OAUTH_TENANT_KEY);
    clearSession();
    navigate(paths.login, { replace: true });
  };

  return (
    <div className="login-page">
      <Card className="login-card" data-testid="oauth-callback">
        {phase.kind === 'failed' ? (
          <Result
            status="error"
            title={t('signin.callback.failed')}
            subTitle={<span data-testid="oauth-error">{phase.message}</span>}
            extra={
              <Button type="primary" onClick={backToLogin} data-testid="oauth-back">
                {t('signin.callback.backToLogin')}
              </Button>
            }
          />
        ) : (
          <Result icon={<Spin size="large" />} title={t('signin.callback.title')} subTitle={t('signin.callback.signingIn')} />
        )}
      </Card>
      {phase.kind === 'register' && (
        <RegistrationDialog
          open
          ticket={phase.token.oauthId}
          initial={{ tenantId: phase.tenantId, name: phase.token.userName }}
          onDone={backToLogin}
        />
      )}
    </div>
  );
};
