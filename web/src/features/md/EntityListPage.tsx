import { useEffect, useMemo, useState, type Key } from 'react';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Typography } from 'antd';
import { Table } from '../../shared/widgets/Table';
import type { TableProps } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, type EntityDef } from '@tpl/contracts';
import type { EntityRecord } from '../../api/entities';
import { paths } from '../../paths';
import { ColumnChooser, useColumnPrefs } from '../../shared/widgets/ColumnChooser';
import { entityColumns } from './columns';
import { EntityFilters } from '../../shared/widgets/EntityFilters';
import { EntityTreeList } from './EntityTreeList';
import { ExportButton } from './ExportButton';
import { HistoryDrawer } from './HistoryDrawer';
import { useDomainLogin, useEntityList, useRemoveEntities, useResetPasswords } from '../../shared/widgets/hooks';
import { useConfirmSelected } from '../../shared/confirmSelected';
import { useEntityButtons } from './permissions';
import { listExtra } from './fieldWidgets';
import { ImportButton, TemplateButton } from './ImportButton';
import { useEntityLabels } from '../../shared/widgets/labels';
import {
  columnSetOf,
  defaultListQuery,
  exportQueryOf,
  filterQueryOf,
  hasFilters,
  parseListQuery,
  recordKey,
  toListSearch,
  type FilterValues,
  type MdListQuery,
} from '../../shared/widgets/listQuery';


const isTree = (def: EntityDef): def is EntityDef & { tree: { parentField: string } } => Boolean(def.tree);

/**
 * /md/:entity — any entity type's list, driven by its EntityDef: filters, server paging and
 * sorting, chosen columns, and the toolbar (new, edit, view, delete, export, import, template).
 * A tree entity shows its tree until the user filters; a filtered tree is listed flat.
 */
export const EntityListPage = ({ def }: { def: EntityDef }) => {
  const labels = useEntityLabels(def);
  const { t, title } = labels;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(def, params), [def, params]);
  const treeMode = isTree(def) && !hasFilters(def, query);
  const flat = useEntityList(def, query, !treeMode);
  const remove = useRemoveEntities(def);
  // each button needs its code; the server refuses the command without it anyway
  const can = useEntityButtons(def);
  const resetPasswords = useResetPasswords(def);
  const domainLogin = useDomainLogin(def);
  const [selected, setSelected] = useState<Key[]>([]);
  const [visible, setVisible] = useColumnPrefs(columnSetOf(def));
  const [historyOf, setHistoryOf] = useState<EntityRecord | null>(null);

  useEffect(() => setSelected([]), [query]);

  const go = (next: MdListQuery) => setParams(toListSearch(def, next));

  const search = (values: FilterValues) => {
    const base = defaultListQuery(def);
    go({ ...base, size: query.size, sort: query.sort, order: query.order, ...filterQueryOf(def, values), current: 1 });
  };
  const reset = () => {
    const base = defaultListQuery(def);
    go({ ...base, size: query.size });
  };

  const onlyOne = (then: (id: string) => void) => () => {
    if (selected.length !== 1) {
      void message.warning(t('md.selectOne'));
      return;
    }
    then(String(selected[0]));
  };

  const confirmSelected = useConfirmSelected();
  const texts = (content: string) => ({ selectAtLeastOne: t('md.selectAtLeastOne'), title: t('md.confirmTitle'), content, success: t('md.operationSuccess') });
  const deleteSelected = () =>
    confirmSelected(selected, texts(t('md.deleteConfirm')), (ids) => remove.mutateAsync(ids), { danger: true, done: () => setSelected([]) });
  const resetSelected = () => confirmSelected(selected, texts(t('md.resetPasswordConfirm')), (ids) => resetPasswords.mutateAsync(ids));
  // spec 02: enabling AD domain login asks first (and so does turning it off: the person's password changes)
  const domainLoginSelected = (enabled: boolean) => () =>
    confirmSelected(selected, texts(t(enabled ? 'md.domainLoginOnConfirm' : 'md.domainLoginOffConfirm')), (ids) => domainLogin.mutateAsync({ ids, enabled }));

  const onTableChange: TableProps<EntityRecord>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate') {
      const size = pagination.pageSize ?? query.size;
      go({ ...query, size, current: size === query.size ? (pagination.current ?? 1) : 1 });
    }
    if (action === 'sort' && !Array.isArray(sorter)) {
      const key = sorter.columnKey;
      const base = defaultListQuery(def);
      if (typeof key === 'string' && sorter.order) go({ ...query, current: 1, sort: key, order: sorter.order === 'ascend' ? 'asc' : 'desc' });
      else go({ ...query, current: 1, sort: base.sort, order: base.order });
    }
  };

  const Extra = listExtra(def.name);
  const columns = entityColumns({ def, labels, visible, query, onHistory: setHistoryOf, canEdit: can.edit, canAdd: can.add });
  const onRow = (record: EntityRecord) => ({ 'data-testid': `md-row-${recordKey(def, record)}` }) as React.HTMLAttributes<HTMLElement>;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`md-list-${def.name}`}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="md-title">
        {title}
      </Typography.Title>

      <Card size="small">
        <EntityFilters def={def} query={query} onSearch={search} onReset={reset} />
      </Card>

      <Card size="small">
        <div className="page-toolbar">
          <Space wrap>
            {can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.mdNew(def.name))} data-testid="md-new">
                {t('md.new')}
              </Button>
            )}
            {can.edit && (
              <Button icon={<EditOutlined />} onClick={onlyOne((id) => navigate(paths.mdEdit(def.name, id)))} data-testid="md-edit">
                {t('md.edit')}
              </Button>
            )}
            <Button icon={<EyeOutlined />} onClick={onlyOne((id) => navigate(paths.mdView(def.name, id)))} data-testid="md-view">
              {t('md.view')}
            </Button>
            {Extra && <Extra def={def} selected={selected} />}
            {can.reset_password && (
              <Button onClick={resetSelected} loading={resetPasswords.isPending} data-testid="md-reset-password">
                {t('md.resetPassword')}
              </Button>
            )}
            {can.domain_login && (
              <Button onClick={domainLoginSelected(true)} loading={domainLogin.isPending} data-testid="md-domain-login-on">
                {t('md.domainLoginOn')}
              </Button>
            )}
            {can.domain_login && (
              <Button onClick={domainLoginSelected(false)} loading={domainLogin.isPending} data-testid="md-domain-login-off">
                {t('md.domainLoginOff')}
              </Button>
            )}
            {can.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={deleteSelected} loading={remove.isPending} data-testid="md-delete">
                {t('md.delete')}
              </Button>
            )}
            {can.export && <ExportButton def={def} query={exportQueryOf(query)} />}
            {can.import && <ImportButton def={def} />}
            {can.import && <TemplateButton def={def} />}
          </Space>
          <ColumnChooser options={columnSetOf(def).options} label={(key) => labels.field(key)} visible={visible} onChange={setVisible} />
        </div>

        {treeMode && isTree(def) ? (
          <EntityTreeList def={def} query={query} columns={columns} selected={selected} onSelect={setSelected} onChange={onTableChange} />
        ) : (
          <Table<EntityRecord>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={flat.data?.records ?? []}
            loading={flat.isFetching}
            scroll={{ x: 'max-content' }}
            rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
            onRow={onRow}
            onChange={onTableChange}
            data-testid="md-table"
            pagination={{
              current: query.current,
              pageSize: query.size,
              total: flat.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => t('md.total', { total }),
            }}
          />
        )}
      </Card>

      <HistoryDrawer
        def={def}
        id={historyOf?.id}
        subject={historyOf ? recordKey(def, historyOf) : undefined}
        onClose={() => setHistoryOf(null)}
      />
    </Space>
  );
};
