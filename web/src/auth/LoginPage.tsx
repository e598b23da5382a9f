import { useEffect, useState } from 'react';
import { LockOutlined, MobileOutlined, SafetyOutlined, TeamOutlined, UserOutlined, LoginOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Divider, Flex, Form, Input, Space, Tabs, Tooltip, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { TokenResponse } from '@tpl/contracts';
import { authApi, type Credentials } from '../api/auth';
import { ApiError } from '../api/client';
import { LanguageSwitch } from '../shared/widgets/LanguageSwitch';
import type { LoginLocationState } from './RequireAuth';
import { clearSession, sessionState, useSession } from './session';
import { AFTER_SIGN_IN, OAUTH_TENANT_KEY, completeSignIn } from './signIn';
import { useDebounced } from '../shared/useDebounced';

export const DEFAULT_TENANT_ID = '100001';

type AccountForm = Credentials & { captchaCode?: string };
type PhoneForm = { tenantId: string; phone: string; code: string };

/** Seconds until another SMS code may be sent, counting down once a second. */
const useCountdown = (): [number, (seconds: number) => void] => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
};

const messageOf = (error: unknown, fallback: string): string => (error instanceof ApiError ? error.message : fallback);

/**
 * The sign-in page (spec 01 sections 2, 4, 8): tenant, account and password (with the picture
 * captcha when the tenant asks for one), phone and code, and the tenant's third-party sign-ins.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [accountForm] = Form.useForm<AccountForm>();
  const [phoneForm] = Form.useForm<PhoneForm>();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [tab, setTab] = useState<'account' | 'phone'>('account');
  const [countdown, startCountdown] = useCountdown();
  const from = (location.state as LoginLocationState | null)?.from;
  const target = from && !from.startsWith('/login') ? from : AFTER_SIGN_IN;

  const state = sessionState(session);
  // spec 01 section 8: a session kept by the page whose token cookie is gone is stale; an
  // empty token is a local sign-out (section 4). Both are cleared here.
  useEffect(() => {
    if (state === 'stale') setStale(true);
    if (state === 'stale' || state === 'empty') clearSession();
  }, [state]);

  const accountTenant = Form.useWatch('tenantId', accountForm) ?? DEFAULT_TENANT_ID;
  const phoneTenant = Form.useWatch('tenantId', phoneForm) ?? DEFAULT_TENANT_ID;
  const tenantId = useDebounced((tab === 'account' ? accountTenant : phoneTenant).trim(), 300);

  const options = useQuery({
    queryKey: ['auth', 'login-options', tenantId],
    queryFn: ({ signal }) => authApi.loginOptions(tenantId, signal),
    enabled: tenantId !== '',
    staleTime: 30_000,
    retry: false,
  });
  const captchaEnabled = options.data?.captchaEnabled ?? false;
  const smsEnabled = options.data?.smsEnabled ?? true;
  const providers = options.data?.socialProviders ?? [];

  const captcha = useQuery({
    queryKey: ['auth', 'captcha', tenantId],
    queryFn: ({ signal }) => authApi.captcha(signal),
    enabled: captchaEnabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // each captcha works once, right or wrong: a new picture and an empty code field
  const renewCaptcha = () => {
    accountForm.setFieldValue('captchaCode', '');
    if (captchaEnabled) void captcha.refetch();
  };

  const done = (token: TokenResponse) => {
    completeSignIn(token);
    navigate(target, { replace: true });
  };

  // the server signs opted-in accounts in against a directory (LDAP_URL): the form offers "Domain account"
  const domainOffered = options.data?.domainLogin === true;
  const domainTicked = Form.useWatch('domain', accountForm) === true && domainOffered;
  const signIn = useMutation({
    mutationFn: ({ captchaCode, domain, ...credentials }: AccountForm) =>
      domain && domainOffered
        ? authApi.signIn({ ...credentials, domain: true })
        : authApi.signIn(credentials, captchaEnabled && captcha.data ? { key: captcha.data.key, code: (captchaCode ?? '').trim() } : undefined),
    onSuccess: done,
    onError: (e) => {
      setError(messageOf(e, t('errors.unknown')));
      renewCaptcha();
    },
  });

  const phoneSignIn = useMutation({
    mutationFn: (v: PhoneForm) => authApi.signInByPhone(v.tenantId.trim(), v.phone.trim(), v.code.trim()),
    onSuccess: done,
    onError: (e) => setError(messageOf(e, t('errors.unknown'))),
  });

  const sendCode = useMutation({
    mutationFn: ({ tenantId: tenant, phone }: { tenantId: string; phone: string }) => authApi.sendSmsCode(tenant, phone),
    onSuccess: ({ resendIn }) => {
      setInfo(t('signin.codeSent'));
      startCountdown(resendIn);
    },
    // 409: a code was sent moments ago; the server's msg says how many seconds are left
    onError: (e) => setError(messageOf(e, t('errors.unknown'))),
  });

  const busy = signIn.isPending || phoneSignIn.isPending;
  if (state === 'valid' && !busy) return <Navigate to={target} replace />;

  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];
  const tenantItem = (testId: string) => (
    <Form.Item name="tenantId" label={t('auth.fields.tenantId')} rules={required('signin.tenantRequired')}>
      <Input prefix={<TeamOutlined />} autoComplete="organization" data-testid={testId} />
    </Form.Item>
  );

  const accountPane = (
    <Form<AccountForm>
      form={accountForm}
      layout="vertical"
      requiredMark={false}
      initialValues={{ tenantId: DEFAULT_TENANT_ID, account: '', password: '' }}
      onFinish={(values) => {
        setError(null);
        setInfo(null);
        signIn.mutate({ ...values, tenantId: values.tenantId.trim(), account: values.account.trim() });
      }}
    >
      {tenantItem('login-tenant')}
      <Form.Item name="account" label={t('auth.fields.account')} rules={required('signin.accountRequired')}>
        <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.fields.password')} rules={required('signin.passwordRequired')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {domainOffered && (
        <Form.Item name="domain" valuePropName="checked" style={{ marginBottom: 12 }}>
          <Checkbox data-testid="login-domain">{t('signin.domainAccount')}</Checkbox>
        </Form.Item>
      )}
      {captchaEnabled && !domainTicked && (
        <Form.Item label={t('signin.captcha')} required>
          <Flex gap={8} align="center">
            <Form.Item name="captchaCode" noStyle rules={required('signin.captchaRequired')}>
              <Input prefix={<SafetyOutlined />} autoComplete="off" maxLength={8} data-testid="login-captcha" />
            </Form.Item>
            <Tooltip title={t('signin.captchaRenew')}>
              {captcha.data ? (
                <img
                  src={captcha.data.image}
                  alt={t('signin.captcha')}
                  style={{ height: 32, cursor: 'pointer', borderRadius: 4, flex: 'none' }}
                  data-testid="login-captcha-image"
                  data-key={captcha.data.key}
                  onClick={renewCaptcha}
                />
              ) : (
                <Button loading={captcha.isFetching} onClick={renewCaptcha} data-testid="login-captcha-image">
                  {t('signin.captcha')}
                </Button>
              )}
            </Tooltip>
          </Flex>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );

  const phonePane = (
    <Form<PhoneForm>
      form={phoneForm}
      layout="vertical"
      requiredMark={false}
      initialValues={{ tenantId: DEFAULT_TENANT_ID, phone: '', code: '' }}
      onFinish={(values) => {
        setError(null);
        setInfo(null);
        phoneSignIn.mutate(values);
      }}
    >
      {tenantItem('login-phone-tenant')}
      <Form.Item name="phone" label={t('signin.phone')} rules={required('signin.phoneRequired')}>
        <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" data-testid="login-phone" />
      </Form.Item>
      <Form.Item label={t('signin.smsCode')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={required('signin.smsCodeRequired')}>
            <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="numeric" data-testid="login-sms-code" />
          </Form.Item>
          <Button
            disabled={countdown > 0}
            loading={sendCode.isPending}
            data-testid="login-send-code"
            onClick={async () => {
              const values = await phoneForm.validateFields(['tenantId', 'phone']).catch(() => null);
              if (!values) return;
              setError(null);
              setInfo(null);
              sendCode.mutate({ tenantId: values.tenantId.trim(), phone: values.phone.trim() });
            }}
          >
            {countdown > 0 ? t('signin.resendIn', { seconds: countdown }) : t('signin.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={phoneSignIn.isPending} data-testid="login-phone-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );

  return (
    <div className="login-page">
      <Card className="login-card">
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {stale && <Alert type="warning" showIcon title={t('signin.pageCacheStale')} style={{ marginBottom: 16 }} data-testid="login-stale" />}
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
            closable={{ onClose: () => setError(null) }}
          />
        )}
        {info && <Alert type="success" showIcon title={info} style={{ marginBottom: 16 }} data-testid="login-info" />}
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key === 'phone' ? 'phone' : 'account');
            setError(null);
            setInfo(null);
          }}
          items={[
            { key: 'account', label: <span data-testid="login-tab-account">{t('signin.tabs.account')}</span>, children: accountPane },
            ...(smsEnabled ? [{ key: 'phone', label: <span data-testid="login-tab-phone">{t('signin.tabs.phone')}</span>, children: phonePane }] : []),
          ]}
        />
        {providers.length > 0 && (
          <>
            <Divider plain>{t('signin.social')}</Divider>
            <Flex wrap gap={8} justify="center">
              {providers.map((p) => (
                <Button
                  key={p.source}
                  icon={<LoginOutlined />}
                  data-testid={`login-social-${p.source}`}
                  onClick={() => {
                    sessionStorage.setItem(OAUTH_TENANT_KEY, tenantId);
                    window.location.assign(authApi.socialRenderUrl(p.source, tenantId));
                  }}
                >
                  {t('signin.socialWith', { name: p.name })}
                </Button>
              ))}
            </Flex>
          </>
        )}
      </Card>
    </div>
  );
};
