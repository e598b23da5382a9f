import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@tpl/contracts';
import { entityApi } from '../../../api/entities';
import { entityKeys } from '../../../api/queryKeys';
import { buttonWords, codesBelow, menuLabel, menuTree, searchTree, toggleMenu, type MenuNode, type MenuRecord } from './menuTree';

type Props = {
  value?: unknown;
  onChange?: (value: string[]) => void;
  /** read only (the role's view) */
  disabled?: boolean;
  id?: string;
};

const menuDef = entityByName('menu')!;
const WORDS = buttonWords();
const PAGE = 50;
/** 2,000 entries: far more than any tenant's menus */
const MAX_PAGES = 40;

/** Every menu record of the tenant, for the tree (13 pages of 50 for the demo's 637). */
const useAllMenus = () =>
  useQuery({
    queryKey: entityKeys.list('menu', { all: true }),
    // the first page says how many there are; the rest are asked together
    queryFn: async ({ signal }) => {
      const query = { sort: 'sort', order: 'asc', size: PAGE };
      const first = await entityApi.list(menuDef, { ...query, current: 1 }, signal);
      const pages = Math.min(MAX_PAGES, Math.ceil(first.total / PAGE));
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => entityApi.list(menuDef, { ...query, current: i + 2 }, signal)));
      return [first, ...rest].flatMap((p) => p.records);
    },
    staleTime: 60_000,
  });

/**
 * A role's menus and buttons as a tree in the user's words (menus by their entries' words,
 * buttons by their actions'), searchable by words or code, ticked entries saved as the role's
 * menu codes: ticking an entry brings what is below and above it, unticking takes what is below.
 */
export const MenuTreeField = ({ value, onChange, disabled, id }: Props) => {
  const { t, i18n } = useTranslation();
  const menus = useAllMenus();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[] | undefined>(undefined);
  const selected = useMemo(() => (Array.isArray(value) ? value.map(String) : []), [value]);
  const records = useMemo(() => (menus.data ?? []).filter((r): r is typeof r & MenuRecord => typeof r.code === 'string') as MenuRecord[], [menus.data]);
  const tree = useMemo(() => menuTree(records), [records]);
  const label = useMemo(() => {
    const i18nLike = { t: (key: string, values?: Record<string, string>) => t(key, values), exists: (key: string) => i18n.exists(key) };
    return (n: MenuNode) => menuLabel(n.record, WORDS, i18nLike);
  }, [t, i18n]);
  const shown = useMemo(() => searchTree(tree, search, label), [tree, search, label]);
  const searching = search.trim() !== '';

  const toData = (nodes: readonly MenuNode[]): TreeDataNode[] =>
    nodes.map((n) => ({
      key: n.code,
      title: (
        <span data-testid={`menu-node-${n.code}`} data-checked={selected.includes(n.code)}>
          {label(n)}{' '}
          {n.record.category === 'BUTTON' && <Tag bordered={false}>{t('roleEditor.button')}</Tag>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {n.code}
          </Typography.Text>
        </span>
      ),
      children: n.children.length ? toData(n.children) : undefined,
    }));
  const data = useMemo(() => toData(shown), [shown, selected, label]); // eslint-disable-line react-hooks/exhaustive-deps
  const groups = useMemo(() => tree.filter((n) => n.children.length).map((n) => n.code), [tree]);
  const allWithChildren = useMemo(() => shown.flatMap(codesBelow), [shown]);

  if (menus.isPending) return <Spin />;
  if (menus.error) return <Alert type="error" showIcon title={menus.error.message} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id} data-testid="role-menu-tree">
      <Space wrap>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('roleEditor.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 280 }} data-testid="role-menu-search" />
        <Button size="small" onClick={() => setExpanded(allWithChildren)} data-testid="role-menu-expand">
          {t('roleEditor.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])} data-testid="role-menu-collapse">
          {t('roleEditor.collapseAll')}
        </Button>
        <Typography.Text type="secondary" data-testid="role-menu-count" data-count={selected.length}>
          {t('roleEditor.selected', { count: selected.length })}
        </Typography.Text>
      </Space>
      {!disabled && <Typography.Text type="secondary">{t('roleEditor.hint')}</Typography.Text>}
      {data.length === 0 ? (
        <Empty description={t('roleEditor.empty')} />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          disabled={disabled}
          height={420}
          treeData={data}
          // searching shows every branch that leads to what matched
          expandedKeys={searching ? allWithChildren : (expanded ?? groups)}
          onExpand={(keys) => setExpanded(keys.map(String))}
          checkedKeys={{ checked: selected, halfChecked: [] }}
          onCheck={(_, info) => onChange?.(toggleMenu(tree, selected, String(info.node.key), info.checked))}
          style={{ border: '1px solid rgba(0, 0, 0, 0.08)', borderRadius: 6, padding: 4 }}
        />
      )}
    </Space>
  );
};
