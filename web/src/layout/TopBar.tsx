import { useEffect, useState } from 'react';
import { BgColorsOutlined, CheckOutlined, DownOutlined, FullscreenExitOutlined, FullscreenOutlined, GlobalOutlined, HomeOutlined, LogoutOutlined, SkinOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, ColorPicker, Dropdown, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LANGUAGES, currentLanguage, setLanguage } from '../i18n';
import { useSession } from '../auth/session';
import { HOME_PATH } from '../shell/tabs';
import { ErrorLogButton } from './ErrorLogButton';
import { LockButton, useSignOut } from './Lock';
import { COLOR_PRESETS, THEMES, setColor, setTheme, useAppearance } from './theme';

export const INFO_PATH = '/info/index';

/** antd's ColorPicker: the primary colour, saved (default #409EFF). */
const ColorPick = () => {
  const { t } = useTranslation();
  const { color } = useAppearance();
  return (
    <Tooltip title={t('shell.color')}>
      <span>
        <ColorPicker
          size="small"
          value={color}
          disabledAlpha
          presets={[{ label: t('shell.color'), colors: COLOR_PRESETS, defaultOpen: true }]}
          onChangeComplete={(value) => setColor(value.toHexString().toUpperCase())}
        >
          <Button type="text" icon={<BgColorsOutlined style={{ color }} />} aria-label={t('shell.color')} data-testid="color-picker" />
        </ColorPicker>
      </span>
    </Tooltip>
  );
};

const ThemePick = () => {
  const { t } = useTranslation();
  const { theme } = useAppearance();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [theme],
        items: THEMES.map((name) => ({
          key: name,
          label: <span data-testid={`theme-${name}`}>{t(`shell.theme.${name}`)}</span>,
          onClick: () => setTheme(name),
        })),
      }}
    >
      <Button type="text" icon={<SkinOutlined />} aria-label={t('shell.theme.label')} data-testid="theme-picker" />
    </Dropdown>
  );
};

/** zh / mo / en: saves the choice; the layout re-titles the page and remounts the content. */
const LanguagePick = () => {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [lang],
        items: (['zh', 'mo', 'en'] as const)
          .filter((l) => LANGUAGES.includes(l))
          .map((l) => ({
            key: l,
            label: (
              <span data-testid={`top-lang-${l}`}>
                {t(`lang.${l}`)} {l === lang && <CheckOutlined />}
              </span>
            ),
            onClick: () => void setLanguage(l),
          })),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.language')} data-testid="top-lang" />
    </Dropdown>
  );
};

/** The Fullscreen API on the whole page; the icon follows Esc too. */
const FullscreenToggle = () => {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const follow = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  const label = full ? t('shell.exitFullscreen') : t('shell.fullscreen');
  return (
    <Tooltip title={label}>
      <Button type="text" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-label={label} onClick={toggle} data-testid="fullscreen" data-full={full} />
    </Tooltip>
  );
};

/** Avatar and name: home, user info, sign out after a confirm. */
const UserMenu = () => {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { modal } = App.useApp();
  const name = session?.token.userName ?? '';
  const confirmSignOut = () =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('shell.user.logoutConfirm'),
      okButtonProps: { 'data-testid': 'logout-ok' },
      cancelButtonProps: { 'data-testid': 'logout-cancel' },
      onOk: signOut,
    });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', icon: <HomeOutlined />, label: <span data-testid="user-home">{t('shell.user.home')}</span>, onClick: () => navigate(HOME_PATH) },
          { key: 'info', icon: <UserOutlined />, label: <span data-testid="user-info">{t('shell.user.info')}</span>, onClick: () => navigate(INFO_PATH) },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout-button">{t('shell.user.logout')}</span>, onClick: confirmSignOut },
        ],
      }}
    >
      <Button type="text" className="shell-user" data-testid="user-menu">
        <Space size={6}>
          <Avatar size="small" src={session?.token.avatar || undefined} icon={<UserOutlined />} />
          <span data-testid="user-name">{name}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Button>
    </Dropdown>
  );
};

/** Spec 01 section 2: the top bar's widgets. */
export const TopBar = () => (
  <Space size={2} className="shell-topbar" wrap={false}>
    <ColorPick />
    <ThemePick />
    <LanguagePick />
    <FullscreenToggle />
    <LockButton />
    <ErrorLogButton />
    <UserMenu />
  </Space>
);
