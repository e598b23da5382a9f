import { useEffect, useState } from 'react';
import { Alert, App, Avatar, Button, Card, Descriptions, Form, Input, Skeleton, Space, Tabs, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PROFILE_FIELDS, updateInfoSchema, type Profile, type UpdateInfo } from '@tpl/contracts';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import { clearSession } from '../../auth/session';
import { paths } from '../../paths';
import { useSchemaValidation } from '../../shared/zodForm';
import { pagesApi, pagesKeys } from './api';

type ProfileValues = Pick<Profile, (typeof PROFILE_FIELDS)[number]>;
type PasswordValues = { oldPassword: string; newPassword: string; newPassword1: string };

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError || e instanceof Error ? e.message : fallback);

/** The profile tab: the user record's own rules validate here as on the server (same words). */
const ProfileForm = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [error, setError] = useState<string | null>(null);
  const avatar = Form.useWatch('avatar', form);
  const parse = () => {
    const values = form.getFieldsValue(true) as ProfileValues;
    // an emptied optional field is sent as '' (cleared); the schema maps it as the user screen does
    return updateInfoSchema.safeParse({ version: profile.version, ...values });
  };
  const { validate, onFieldsChange } = useSchemaValidation<UpdateInfo>(form, 'user', PROFILE_FIELDS, parse);

  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(PROFILE_FIELDS.map((k) => [k, profile[k]])) as ProfileValues);
  }, [form, profile]);

  const save = useMutation({
    mutationFn: (input: UpdateInfo) => pagesApi.updateInfo(input),
    onSuccess: async () => {
      setError(null);
      void message.success(t('pages.info.saved'));
      await queryClient.invalidateQueries({ queryKey: pagesKeys.all });
    },
    onError: (e) => setError(errorText(e, t('errors.unknown'))),
  });

  const submit = () => {
    const checked = validate();
    if (checked.ok) save.mutate({ ...(form.getFieldsValue(true) as ProfileValues), version: profile.version });
    else if (checked.unplaced.length) setError(checked.unplaced.join('; '));
  };

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFieldsChange={onFieldsChange} onFinish={submit} data-testid="info-profile-form">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="info-profile-error" />}
      <Form.Item name="name" label={t('user.fields.name')} required>
        <Input maxLength={50} data-testid="info-name" />
      </Form.Item>
      <Form.Item name="realName" label={t('user.fields.realName')}>
        <Input maxLength={50} data-testid="info-realName" />
      </Form.Item>
      <Form.Item name="email" label={t('user.fields.email')}>
        <Input data-testid="info-email" />
      </Form.Item>
      <Form.Item name="phone" label={t('user.fields.phone')}>
        <Input maxLength={11} data-testid="info-phone" />
      </Form.Item>
      <Form.Item name="avatar" label={t('user.fields.avatar')} extra={t('pages.info.avatarHint')}>
        <Input maxLength={500} data-testid="info-avatar" addonAfter={<Avatar size="small" src={/^https?:\/\//i.test(avatar ?? '') ? avatar : undefined} icon={<UserOutlined />} aria-label={t('pages.info.avatarPreview')} />} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="info-save">
        {t('pages.info.save')}
      </Button>
    </Form>
  );
};

/** The password tab. The plain passwords never leave the browser (MD5 hex, as at sign-in). */
const PasswordForm = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState<string | null>(null);
  const required = (key: string) => ({ required: true, message: t('pages.info.passwordRequired', { label: t(`pages.info.${key}`) }) });

  const change = useMutation({
    mutationFn: (v: PasswordValues) => pagesApi.updatePassword(v),
    onSuccess: async () => {
      setError(null);
      void message.success(t('pages.info.passwordChanged'));
      // the server ended every other session; this one ends here so the new password is used at once
      try {
        await authApi.logout();
      } catch {
        // the local sign-out is what matters
      }
      clearSession();
      navigate(paths.login, { replace: true });
    },
    onError: (e) => setError(errorText(e, t('errors.unknown'))),
  });

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => change.mutate(v)} data-testid="info-password-form">
      <Typography.Paragraph type="secondary">{t('pages.info.passwordNote')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="info-password-error" />}
      <Form.Item name="oldPassword" label={t('pages.info.oldPassword')} rules={[required('oldPassword')]}>
        <Input.Password autoComplete="current-password" data-testid="info-old-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('pages.info.newPassword')} rules={[required('newPassword'), { min: 6, message: t('pages.info.passwordTooShort') }]}>
        <Input.Password autoComplete="new-password" data-testid="info-new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('pages.info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          required('newPassword1'),
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordMismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="info-new-password1" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="info-change-password">
        {t('pages.info.changePassword')}
      </Button>
    </Form>
  );
};

/** /info/index: the signed-in user's own profile and password (spec 01 section 2). */
export const InfoPage = () => {
  const { t } = useTranslation();
  const profile = useQuery({ queryKey: pagesKeys.profile(), queryFn: pagesApi.profile });
  const p = profile.data;
  return (
    <Card title={t('pages.info.title')} data-testid="info-page">
      {!p ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space size="large" align="start">
            <Avatar size={64} src={p.avatar || undefined} icon={<UserOutlined />} />
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label={t('pages.info.account')}>
                <span data-testid="info-account">{p.account}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('pages.info.tenant')}>
                {p.tenantName} ({p.tenantId})
              </Descriptions.Item>
              <Descriptions.Item label={t('pages.info.roles')}>{p.roleNames.join(', ')}</Descriptions.Item>
              <Descriptions.Item label={t('pages.info.dept')}>{p.deptName}</Descriptions.Item>
            </Descriptions>
          </Space>
          <Tabs
            items={[
              { key: 'profile', label: <span data-testid="info-tab-profile">{t('pages.info.profile')}</span>, children: <ProfileForm profile={p} /> },
              { key: 'password', label: <span data-testid="info-tab-password">{t('pages.info.password')}</span>, children: <PasswordForm /> },
            ]}
          />
        </Space>
      )}
    </Card>
  );
};
