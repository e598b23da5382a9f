import { ContainerOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { authApi } from '../api/auth';
import { clearSession, useSession } from '../auth/session';
import { useTokenRefresh } from '../auth/tokenRefresh';
import { paths } from '../paths';
import { LanguageSwitch } from './LanguageSwitch';

/** The signed-in frame: title, user, language, sign-out, and the menu. */
export const AppLayout = () => {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useTokenRefresh();

  const logout = async () => {
    try {
      await authApi.logout();
    } catch {
      // signing out locally is what matters; the server session expires anyway
    }
    clearSession();
    navigate(paths.login, { replace: true });
  };

  const menuItems = [
    {
      key: paths.consignmentList,
      icon: <ContainerOutlined />,
      label: (
        <Link to={paths.consignmentList} data-testid="menu-consignment">
          {t('menu.consignment')}
        </Link>
      ),
    },
  ];
  const selected = menuItems.filter((item) => pathname.startsWith(item.key)).map((item) => item.key);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="app-header">
        <Typography.Title level={4} className="app-title" data-testid="app-title">
          {t('app.title')}
        </Typography.Title>
        <LanguageSwitch />
        <Space className="app-user">
          <UserOutlined />
          <span data-testid="user-name">{session?.token.userName}</span>
        </Space>
        <Button icon={<LogoutOutlined />} onClick={() => void logout()} data-testid="logout-button">
          {t('user.logout')}
        </Button>
      </Layout.Header>
      <Layout>
        <Layout.Sider theme="light" width={200} breakpoint="lg" collapsedWidth={0}>
          <Menu mode="inline" selectedKeys={selected} items={menuItems} style={{ height: '100%' }} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
};
