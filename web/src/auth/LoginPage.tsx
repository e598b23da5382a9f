import { useState } from 'react';
import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { authApi, type Credentials } from '../api/auth';
import { ApiError } from '../api/client';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { paths } from '../paths';
import type { LoginLocationState } from './RequireAuth';
import { setSession, useSession } from './session';

export const DEFAULT_TENANT_ID = '100001';

export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const from = (location.state as LoginLocationState | null)?.from;
  const target = from && from !== paths.login ? from : paths.consignmentList;

  const signIn = useMutation({
    mutationFn: (credentials: Credentials) => authApi.signIn(credentials),
    onSuccess: (token) => {
      setSession(token);
      navigate(target, { replace: true });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : t('errors.unknown')),
  });

  if (session && !signIn.isPending) return <Navigate to={target} replace />;

  const required = (labelKey: string) => [{ required: true, whitespace: true, message: t('validation.required', { label: t(labelKey) }) }];

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
        <Form<Credentials>
          layout="vertical"
          requiredMark={false}
          initialValues={{ tenantId: DEFAULT_TENANT_ID, account: '', password: '' }}
          onFinish={(values) => {
            setError(null);
            signIn.mutate({ ...values, tenantId: values.tenantId.trim(), account: values.account.trim() });
          }}
        >
          <Form.Item name="tenantId" label={t('auth.fields.tenantId')} rules={required('auth.fields.tenantId')}>
            <Input prefix={<TeamOutlined />} autoComplete="organization" data-testid="login-tenant" />
          </Form.Item>
          <Form.Item name="account" label={t('auth.fields.account')} rules={required('auth.fields.account')}>
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-account" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.fields.password')} rules={required('auth.fields.password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
};
