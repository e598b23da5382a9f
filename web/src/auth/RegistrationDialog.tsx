import { useState } from 'react';
import { Alert, App, Form, Input, Typography } from 'antd';
import { Modal } from '../shared/widgets/Modal';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';

export type RegistrationForm = { tenantId: string; name: string; account: string; password: string; password2: string };

/**
 * Spec 01 section 5, in this order: tenant id, account name, password and confirmation, the
 * two passwords equal. Answers the i18n key of the first failing check, or null.
 */
export const firstRegistrationProblem = (f: Partial<RegistrationForm>): string | null => {
  const blank = (v: string | undefined) => (v ?? '').trim() === '';
  if (blank(f.tenantId)) return 'signin.register.tenantRequired';
  if (blank(f.account)) return 'signin.register.accountRequired';
  if (blank(f.password) || blank(f.password2)) return 'signin.register.passwordRequired';
  if (f.password !== f.password2) return 'signin.register.mismatch';
  return null;
};

type Props = {
  open: boolean;
  /** the registration ticket of the social answer (its oauthId) */
  ticket: string;
  initial: { tenantId: string; name: string };
  /** after a successful application (the caller signs out) or a cancel */
  onDone: (submitted: boolean) => void;
};

/** A social-login user without a local account applies for one (POST /api/bl-system/register-guest). */
export const RegistrationDialog = ({ open, ticket, initial, onDone }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegistrationForm>();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = useMutation({
    mutationFn: (f: RegistrationForm) =>
      authApi.registerGuest({ tenantId: f.tenantId.trim(), name: f.name.trim(), account: f.account.trim(), password: f.password, oauthId: ticket }),
    onSuccess: () => {
      void message.success({ content: t('signin.register.success'), duration: 5 });
      onDone(true);
    },
    onError: (e) => setProblem(e instanceof ApiError && e.message ? e.message : t('signin.register.failed')),
  });

  const onOk = () => {
    const values = form.getFieldsValue(true) as RegistrationForm;
    const key = firstRegistrationProblem(values);
    if (key) {
      setProblem(t(key));
      return;
    }
    setProblem(null);
    submit.mutate(values);
  };

  return (
    <Modal
      open={open}
      title={t('signin.register.title')}
      okText={t('signin.register.submit')}
      onOk={onOk}
      onCancel={() => onDone(false)}
      confirmLoading={submit.isPending}
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'register-submit' } as never}
      data-testid="register-dialog"
    >
      <Typography.Paragraph type="secondary">{t('signin.register.hint')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="register-error" />}
      <Form<RegistrationForm> form={form} layout="vertical" initialValues={{ ...initial, account: '', password: '', password2: '' }}>
        <Form.Item name="tenantId" label={t('signin.register.tenantId')}>
          <Input data-testid="register-tenant" />
        </Form.Item>
        <Form.Item name="name" label={t('signin.register.name')}>
          <Input data-testid="register-name" />
        </Form.Item>
        <Form.Item name="account" label={t('signin.register.account')}>
          <Input autoComplete="username" data-testid="register-account" />
        </Form.Item>
        <Form.Item name="password" label={t('signin.register.password')}>
          <Input.Password autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('signin.register.password2')}>
          <Input.Password autoComplete="new-password" data-testid="register-password2" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
