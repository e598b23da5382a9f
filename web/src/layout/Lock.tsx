import { useState } from 'react';
import { LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Form, Input, Space, Tooltip, Typography } from 'antd';
import { Modal } from '../shared/widgets/Modal';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { authApi } from '../api/auth';
import { clearSession, useSession } from '../auth/session';
import { clearLock, lockAgain, lockWith, unlock, useLock } from '../shell/lock';
import { closeAllTabs } from '../shell/tabs';
import { paths } from '../paths';

export const LOCK_PATH = '/lock';

/**
 * Spec 01 section 4: while the shell is locked every navigation goes to /lock. Wraps every
 * route but /lock itself (the sign-in page too: a locked session is still signed in). Without
 * a session there is nothing to lock.
 */
export const LockGuard = () => {
  const session = useSession();
  const { locked } = useLock();
  if (session && locked) return <Navigate to={LOCK_PATH} replace />;
  return <Outlet />;
};

/** Signing out: the server session revoked (best effort), then the session, lock and tabs gone. */
export const useSignOut = () => {
  const navigate = useNavigate();
  return async () => {
    try {
      await authApi.logout();
    } catch {
      // signing out locally is what matters; the server session expires anyway
    }
    clearSession();
    clearLock();
    closeAllTabs();
    navigate(paths.login, { replace: true });
  };
};

/**
 * The top bar's lock button: without a lock password the dialog asks for one first
 * (锁屏密码不能为空), then the shell locks and goes to /lock.
 */
export const LockButton = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lock = () => {
    if (lockAgain()) navigate(LOCK_PATH);
    else setOpen(true);
  };
  const submit = async ({ password }: { password: string }) => {
    await lockWith(password);
    setOpen(false);
    navigate(LOCK_PATH);
  };

  return (
    <>
      <Tooltip title={t('shell.lock.button')}>
        <Button type="text" icon={<LockOutlined />} aria-label={t('shell.lock.button')} onClick={lock} data-testid="lock-button" />
      </Tooltip>
      <Modal
        open={open}
        title={t('shell.lock.title')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('shell.lock.submit')}
        okButtonProps={{ 'data-testid': 'lock-submit' }}
        destroyOnHidden
        width={400}
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
          <Form.Item name="password" label={t('shell.lock.password')} rules={[{ required: true, whitespace: true, message: t('shell.lock.required') }]}>
            <Input.Password autoFocus data-testid="lock-password" placeholder={t('shell.lock.placeholder')} onPressEnter={() => form.submit()} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};

/** /lock: unlocks with the lock password (a wrong one is said so), or signs out. Not a tab page. */
export const LockPage = () => {
  const { t } = useTranslation();
  const session = useSession();
  const { locked } = useLock();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);

  if (!session) return <Navigate to={paths.login} replace />;
  if (!locked) return <Navigate to={paths.home} replace />;

  const submit = async () => {
    if (await unlock(password)) navigate(paths.home, { replace: true });
    else setWrong(true);
  };
  const confirmSignOut = () =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('shell.user.logoutConfirm'),
      okButtonProps: { 'data-testid': 'lock-logout-ok' },
      onOk: signOut,
    });

  return (
    <div className="lock-page" data-testid="lock-page">
      <Card className="lock-card">
        <Space direction="vertical" align="center" style={{ width: '100%' }} size="middle">
          <Avatar size={72} src={session.token.avatar || undefined}>
            {session.token.userName.slice(0, 1)}
          </Avatar>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="lock-user">
            {session.token.userName}
          </Typography.Title>
          <Typography.Text type="secondary">{t('shell.lock.locked')}</Typography.Text>
          <Input.Password
            data-testid="unlock-password"
            placeholder={t('shell.lock.placeholder')}
            value={password}
            status={wrong ? 'error' : undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              setWrong(false);
            }}
            onPressEnter={() => void submit()}
          />
          {wrong && (
            <Typography.Text type="danger" data-testid="unlock-wrong">
              {t('shell.lock.wrong')}
            </Typography.Text>
          )}
          <Space>
            <Button type="primary" icon={<UnlockOutlined />} onClick={() => void submit()} data-testid="unlock-submit">
              {t('shell.lock.unlock')}
            </Button>
            <Button icon={<LogoutOutlined />} onClick={confirmSignOut} data-testid="lock-logout">
              {t('shell.lock.logout')}
            </Button>
          </Space>
        </Space>
      </Card>
    </div>
  );
};
