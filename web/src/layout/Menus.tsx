import { useMemo, useState } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  CarOutlined,
  CloudOutlined,
  ContainerOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { App, AutoComplete, Empty, Input, Menu, Spin } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { menuLabel, menuLeaves, menuTarget, menuTestId, searchMatches, type MenuNode, type TopMenu } from '../shared/menu';
import { useReloadMenus } from './useMenus';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * Icons by the record's icon name (`source` of a menu, `icon` of a top menu) or, for the demo
 * menus that name none, by code. A few, not the whole icon set: the bundle stays small.
 */
const ICONS: Record<string, React.ReactNode> = {
  ApartmentOutlined: <ApartmentOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  CarOutlined: <CarOutlined />,
  CloudOutlined: <CloudOutlined />,
  ContainerOutlined: <ContainerOutlined />,
  ControlOutlined: <ControlOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  DesktopOutlined: <DesktopOutlined />,
  SettingOutlined: <SettingOutlined />,
  TeamOutlined: <TeamOutlined />,
  transport: <CarOutlined />,
  flow: <ApartmentOutlined />,
  system: <SettingOutlined />,
  resource: <CloudOutlined />,
  basic: <DatabaseOutlined />,
  transportData: <ContainerOutlined />,
  flowData: <ControlOutlined />,
  work: <DesktopOutlined />,
  data: <DatabaseOutlined />,
  admin: <TeamOutlined />,
};
const iconOf = (name: string | undefined, fallback?: React.ReactNode): React.ReactNode => (name && ICONS[name]) || fallback;

/** Labels: meta.i18n when the translations have it, else the name (spec 01 section 3). */
export const useMenuLabel = () => {
  const { t, i18n } = useTranslation();
  return (node: Pick<MenuNode, 'name' | 'meta'>) => menuLabel(node, (key) => (i18n.exists(key) ? t(key) : undefined));
};

export const useTopMenuLabel = () => {
  const { t, i18n } = useTranslation();
  return (top: TopMenu) => {
    const key = `shell.topMenus.${top.menuCode ?? ''}`;
    return top.menuCode && i18n.exists(key) ? t(key) : top.menuName;
  };
};

/**
 * The top menus (spec 01 section 9: items 114 px wide, the first 80 px) with the refresh entry
 * last: it loads the menus and the button permissions again. The widths are minimums: a longer
 * label (English) widens its item rather than being cut; what does not fit the bar goes to the
 * menu's overflow entry.
 */
export const TopMenuBar = ({ tops, selected, onSelect }: { tops: TopMenu[]; selected: string | undefined; onSelect: (id: string) => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useTopMenuLabel();
  const reload = useReloadMenus();
  const items: MenuItem[] = [
    ...tops.map((top, i) => ({
      key: top.id,
      icon: iconOf(top.icon) ?? iconOf(top.menuCode),
      style: { minWidth: i === 0 ? 80 : 114 },
      label: (
        <span data-testid={`top-menu-${top.menuCode ?? top.id}`} title={label(top)}>
          {label(top)}
        </span>
      ),
    })),
    {
      key: '__refresh',
      icon: <ReloadOutlined />,
      style: { minWidth: 114 },
      label: <span data-testid="top-menu-refresh">{t('shell.refreshMenu')}</span>,
    },
  ];
  return (
    <Menu
      mode="horizontal"
      className="shell-top-menu"
      data-testid="top-menu"
      selectedKeys={selected ? [selected] : []}
      items={items}
      onClick={({ key }) => {
        if (key === '__refresh') {
          void reload().then(() => message.success(t('shell.menuRefreshed')));
        } else onSelect(key);
      }}
    />
  );
};

/** The side menu of the selected top menu; an empty one says so (spec 01 section 6). */
export const SideMenu = ({
  top,
  tree,
  loading,
  selectedCode,
  openCodes,
  onOpenChange,
  dark,
  collapsed,
}: {
  top: TopMenu | undefined;
  tree: MenuNode[] | undefined;
  loading: boolean;
  selectedCode: string | undefined;
  openCodes: string[];
  onOpenChange: (codes: string[]) => void;
  dark: boolean;
  collapsed: boolean;
}) => {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const topLabel = useTopMenuLabel();
  const navigate = useNavigate();
  const byCode = useMemo(() => {
    const map = new Map<string, MenuNode>();
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (map.set(n.code, n), n.children && walk(n.children)));
    walk(tree ?? []);
    return map;
  }, [tree]);

  if (loading && !tree) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (top && tree && tree.length === 0) {
    return (
      <div className="shell-menu-empty" data-testid="menu-empty">
        {collapsed ? <AppstoreOutlined /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.menuEmpty', { name: topLabel(top) })} />}
      </div>
    );
  }
  const toItems = (nodes: MenuNode[]): MenuItem[] =>
    nodes.map((node) =>
      node.children?.length
        ? {
            key: node.code,
            icon: iconOf(node.source) ?? iconOf(node.code, <AppstoreOutlined />),
            label: <span data-testid={menuTestId(node.code)}>{label(node)}</span>,
            children: toItems(node.children),
          }
        : { key: node.code, icon: iconOf(node.source), label: <span data-testid={menuTestId(node.code)}>{label(node)}</span> },
    );
  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      className="shell-side-menu"
      data-testid="side-menu"
      selectedKeys={selectedCode ? [selectedCode] : []}
      {...(collapsed ? {} : { openKeys: openCodes, onOpenChange })}
      items={toItems(tree ?? [])}
      onClick={({ key }) => {
        const node = byCode.get(key);
        if (!node?.path) return;
        navigate(menuTarget(node));
      }}
    />
  );
};

/** Spec 01 section 2: the search box over leaf entries, by label prefix, ignoring case. */
export const MenuSearch = ({ trees }: { trees: MenuNode[][] }) => {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const leaves = useMemo(() => {
    const seen = new Set<string>();
    return trees.flatMap(menuLeaves).filter((leaf) => !seen.has(leaf.code) && Boolean(seen.add(leaf.code)));
  }, [trees]);
  const options = searchMatches(
    leaves.map((leaf) => ({ leaf, text: label(leaf) })),
    text,
  ).map(({ leaf, text: l }) => ({ value: leaf.code, label: <span data-testid={`search-option-${leaf.code}`}>{l}</span> }));
  return (
    <AutoComplete
      className="shell-search"
      value={text}
      options={options}
      onSearch={setText}
      onChange={(v) => setText(typeof v === 'string' ? v : '')}
      onSelect={(code: string) => {
        const leaf = leaves.find((l) => l.code === code);
        setText('');
        if (leaf) navigate(menuTarget(leaf));
      }}
    >
      <Input size="small" prefix={<SearchOutlined />} placeholder={t('shell.search')} allowClear data-testid="menu-search" aria-label={t('shell.search')} />
    </AutoComplete>
  );
};
