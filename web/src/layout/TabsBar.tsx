import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { resolveLabel } from '../shared/widgets/pageTitle';
import { HOME_PATH, closeAllTabs, closeOtherTabs, closeTab, getTabs, useTabs, type Tab } from '../shell/tabs';

const hrefOf = (tab: Tab): string => (tab.query ? `${tab.value}?${tab.query}` : tab.value);

/** A tab's label is an i18n key or the text itself (a page's own title, an entry's name). */
export const useTabLabel = () => {
  const { t, i18n } = useTranslation();
  return (label: string) => resolveLabel(label, { exists: (key) => i18n.exists(key), t: (key) => t(key) });
};

/**
 * Spec 01 sections 2 and 4: the page tabs. Close one (not the home tab, not the last one),
 * close others, close all through the dropdown; choosing a tab goes to its page.
 */
export const TabsBar = () => {
  const tabs = useTabs();
  const { t } = useTranslation();
  const label = useTabLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = tabs.some((tab) => tab.value === pathname) ? pathname : HOME_PATH;

  const close = (value: string) => {
    closeTab(value);
    if (value !== active) return;
    // the active tab closed: its right-hand neighbour, else the last one
    const at = tabs.findIndex((tab) => tab.value === value);
    const rest = getTabs();
    const next = rest[Math.min(at, rest.length - 1)] ?? rest[rest.length - 1];
    if (next) navigate(hrefOf(next));
  };

  const closeOthers = () => {
    closeOtherTabs(active);
  };
  const closeAll = () => {
    closeAllTabs();
    navigate(HOME_PATH);
  };

  return (
    <div className="shell-tabs" data-testid="shell-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => {
          const tab = tabs.find((x) => x.value === key);
          if (tab) navigate(hrefOf(tab));
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: tab.close && tabs.length > 1,
          label: (
            <span data-testid={`tab-${tab.value}`} data-active={tab.value === active}>
              {label(tab.label)}
            </span>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'others', label: <span data-testid="tabs-close-others">{t('shell.tabs.closeOthers')}</span>, onClick: closeOthers },
                  { key: 'all', label: <span data-testid="tabs-close-all">{t('shell.tabs.closeAll')}</span>, onClick: closeAll },
                ],
              }}
            >
              <Button size="small" data-testid="tabs-actions" aria-label={t('shell.tabs.actions')}>
                {t('shell.tabs.actions')} <DownOutlined />
              </Button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
};
