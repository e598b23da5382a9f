import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router-dom';
import { useSession } from '../auth/session';
import { currentLanguage } from '../i18n';
import { openTab } from '../shell/tabs';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { MenuSearch, SideMenu, TopMenuBar } from './Menus';
import { entryFor, visibleMenu, type MenuNode } from '../shared/menu';
import { labelFor, routePage, routeTitleKey, setEntryTitle, usePageSubjectOf } from '../shared/widgets/pageTitle';
import { TabsBar } from './TabsBar';
import { darkSider, useAppearance } from './theme';
import { TopBar } from './TopBar';
import { useScreen } from './useScreen';
import './shell.css';
import { useShellMenus } from './useMenus';


const SIDER_WIDTH = 220;

/**
 * Spec 01 section 2: the signed-in frame. Header (sidebar toggle, top menus with the refresh
 * entry, top bar), left sidebar (logo, the search box, the selected top menu's entries), tabs bar,
 * the kept-alive content, footer. Each page visited opens (or shows) its tab; the document is
 * titled after its entry; small screens fold the sidebar after each navigation.
 */
export const AppLayout = () => {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { pathname, search } = useLocation();
  const screen = useScreen();
  const { theme } = useAppearance();

  const [collapsed, setCollapsed] = useState(() => screen <= 1);
  const { tops, byTop, loading } = useShellMenus();
  const roles = useMemo(() => session?.token.roles ?? [], [session]);
  const visible = useMemo(() => {
    const map = new Map<string, MenuNode[] | undefined>();
    for (const [id, tree] of byTop) map.set(id, tree && visibleMenu(tree, roles));
    return map;
  }, [byTop, roles]);

  const [chosenTop, setChosenTop] = useState<string | undefined>();
  const selectedTop = tops.find((top) => top.id === chosenTop) ?? tops[0];
  const selectedTree = selectedTop ? visible.get(selectedTop.id) : undefined;

  // the entry of this location: in the selected top menu first, else in any other
  const here = useMemo(() => {
    const inSelected = selectedTree && entryFor(selectedTree, pathname, search);
    if (inSelected) return { top: selectedTop?.id, found: inSelected };
    for (const top of tops) {
      const tree = visible.get(top.id);
      const found = tree && entryFor(tree, pathname, search);
      if (found) return { top: top.id, found };
    }
    return undefined;
  }, [selectedTree, selectedTop, tops, visible, pathname, search]);

  // arriving at a page of another top menu (a link, the search box, back/forward) shows that top menu
  useEffect(() => {
    if (here?.top && here.top !== selectedTop?.id) setChosenTop(here.top);
    // only when the location (or what it resolves to) changes, not when the user picks a top menu
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [here?.top, here?.found.node.code]);

  const [openCodes, setOpenCodes] = useState<string[]>([]);
  useEffect(() => {
    const trail = here?.found.trail.map((n) => n.code) ?? [];
    if (trail.length) setOpenCodes((codes) => [...new Set([...codes, ...trail])]);
  }, [here?.found.trail]);

  const matches = useMatches();
  const subject = usePageSubjectOf(pathname);
  const label = labelFor(pathname, search, here?.found, (key) => i18n.exists(key), routeTitleKey(matches), routePage(matches), subject);
  // before paint: the page and its tab appear together
  useLayoutEffect(() => {
    openTab({ label, value: pathname, query: search.replace(/^\?/, '') || undefined });
    setEntryTitle(label);
  }, [label, pathname, search]);
  useEffect(() => () => setEntryTitle(null), []);

  // small screens (classes 0 and 1) fold the sidebar after every navigation
  useEffect(() => {
    if (screen <= 1) setCollapsed(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);

  const dark = darkSider[theme];
  return (
    <Layout className="shell" data-screen={screen} data-testid="shell">
      <Layout.Sider
        className="shell-sider"
        theme={dark ? 'dark' : 'light'}
        width={SIDER_WIDTH}
        collapsible
        collapsed={collapsed}
        collapsedWidth={screen === 0 ? 0 : 64}
        trigger={null}
        data-testid="shell-sider"
        data-collapsed={collapsed}
      >
        <div className="shell-logo">
          <img
            src={collapsed ? '/logo-small.svg' : '/logo-wide.svg'}
            alt={t('shell.logoAlt')}
            data-testid={collapsed ? 'logo-small' : 'logo-wide'}
            height={32}
          />
        </div>
        {!collapsed && (
          <div className="shell-search-wrap">
            <MenuSearch trees={[...visible.values()].filter((tree): tree is MenuNode[] => Boolean(tree))} />
          </div>
        )}
        <SideMenu
          top={selectedTop}
          tree={selectedTree}
          loading={loading}
          selectedCode={here?.top === selectedTop?.id ? here?.found.node.code : undefined}
          openCodes={openCodes}
          onOpenChange={setOpenCodes}
          dark={dark}
          collapsed={collapsed}
        />
      </Layout.Sider>
      <Layout className="shell-main">
        <Layout.Header className="shell-header">
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
            onClick={() => setCollapsed((c) => !c)}
            data-testid="sider-toggle"
          />
          <div className="shell-top-menu-wrap">
            <TopMenuBar tops={tops} selected={selectedTop?.id} onSelect={setChosenTop} />
          </div>
          <TopBar />
        </Layout.Header>
        <TabsBar />
        <Layout.Content className="shell-content">
          {/* a language switch reloads the view: the pages mount again in the new language */}
          <KeepAliveOutlet key={currentLanguage()} />
        </Layout.Content>
        <Layout.Footer className="shell-footer">{t('shell.footer', { year: new Date().getFullYear() })}</Layout.Footer>
      </Layout>
    </Layout>
  );
};
