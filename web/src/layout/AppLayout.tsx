import { useEffect, useState } from 'react';
import { ApartmentOutlined, CarOutlined, ContainerOutlined, DatabaseOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { entities, type EntityDef } from '@tpl/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { authApi } from '../api/auth';
import { clearSession, useSession } from '../auth/session';
import { useTokenRefresh } from '../auth/tokenRefresh';
import { paths } from '../paths';
import { LanguageSwitch } from './LanguageSwitch';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Master data groups by service, in menu order, with their i18n key (md.services.*) and icon. */
const SERVICE_GROUPS: { service: EntityDef['service']; label: string; icon: React.ReactNode }[] = [
  { service: 'bl-system', label: 'md.services.system', icon: <SettingOutlined /> },
  { service: 'bl-resource', label: 'md.services.resource', icon: <ApartmentOutlined /> },
  { service: 'bl-basic', label: 'md.services.basic', icon: <DatabaseOutlined /> },
  { service: 'bl-transport', label: 'md.services.transport', icon: <CarOutlined /> },
];

const groupKey = (service: string) => `md-group-${service}`;

/** /md/<entity> and everything under it, not /md/<entity>x */
const entityOfPath = (pathname: string): EntityDef | undefined =>
  entities.find((def) => pathname === paths.mdList(def.name) || pathname.startsWith(`${paths.mdList(def.name)}/`));

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

  const current = entityOfPath(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (current ? [groupKey(current.service)] : []));
  // arriving at an entity (a link, back/forward) opens its group
  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(groupKey(current.service)) ? keys : [...keys, groupKey(current.service)]));
  }, [current]);

  const menuItems: MenuItem[] = [
    {
      key: paths.consignmentList,
      icon: <ContainerOutlined />,
      label: (
        <Link to={paths.consignmentList} data-testid="menu-consignment">
          {t('menu.consignment')}
        </Link>
      ),
    },
    ...SERVICE_GROUPS.flatMap(({ service, label, icon }): MenuItem[] => {
      const members = entities.filter((def) => def.service === service);
      if (members.length === 0) return [];
      return [
        {
          key: groupKey(service),
          icon,
          label: <span data-testid={`menu-group-${service}`}>{t(label)}</span>,
          children: members.map((def) => ({
            key: paths.mdList(def.name),
            label: (
              <Link to={paths.mdList(def.name)} data-testid={`menu-md-${def.name}`}>
                {t(`${def.name}.title`)}
              </Link>
            ),
          })),
        },
      ];
    }),
  ];
  const selected = current ? [paths.mdList(current.name)] : pathname.startsWith(paths.consignmentList) ? [paths.consignmentList] : [];

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
        <Layout.Sider theme="light" width={240} breakpoint="lg" collapsedWidth={0}>
          <Menu
            mode="inline"
            selectedKeys={selected}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            items={menuItems}
            style={{ height: '100%' }}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
};
