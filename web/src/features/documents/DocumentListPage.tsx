import { useEffect, useMemo, useState, type Key } from 'react';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import { Table } from '../../shared/widgets/Table';
import type { TableColumnsType, TableProps } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, documentPath, type DocumentDef } from '@tpl/contracts';
import { canDocument } from '@tpl/workflows';
import { useActionConfirm } from './ActionButtons';
import { useConfirmSelected } from '../../shared/confirmSelected';
import { formatDateTime, formatNumber } from '../../shared/format';
import { ColumnChooser, useColumnPrefs } from '../../shared/widgets/ColumnChooser';
import { DocLink } from '../../shared/widgets/DocLink';
import { RefValue } from '../../shared/widgets/FieldValue';
import { documentApi, type DocumentListRow } from '../../api/documents';
import { ExportButton } from '../../shared/ExportButton';
import { ListToolbarExtra } from './extras';
import { ImportButton } from './ImportButton';
import { DocumentFilters } from './DocumentFilters';
import { useDocumentAction, useDocumentList, useRemoveDocuments } from './hooks';
import { useDocumentLabels } from './labels';
import { columnSetOf, defaultListQuery, filterQueryOf, listColumnsOf, parseListQuery, sortableColumnsOf, toListSearch, type DocumentListState, type FilterValues, type ListColumn } from './model';
import { useDocumentButtons } from './permissions';
import { StateTag } from './StateTag';

/** Cells holding a tag are never cut short: the tag is the whole message. */
const TAGGED = new Set(['state', 'isReview']);

/**
 * A document type's list (its description's routes.list): filters, server paging and
 * sorting, chosen columns, the toolbar (new, edit, view, delete) and each row's links, each
 * button only for the user's button codes.
 */
export const DocumentListPage = ({ def }: { def: DocumentDef }) => {
  const labels = useDocumentLabels(def);
  const { t, title, field, enumValue } = labels;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useDocumentButtons(def);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(def, params), [def, params]);
  const { data, isFetching } = useDocumentList(def, query);
  const remove = useRemoveDocuments(def);
  const [selected, setSelected] = useState<Key[]>([]);
  const [visible, setVisible] = useColumnPrefs(columnSetOf(def));

  useEffect(() => setSelected([]), [query]);

  const go = (next: DocumentListState) => setParams(toListSearch(def, next));
  const search = (values: FilterValues) => go({ ...defaultListQuery(def), size: query.size, sort: query.sort, order: query.order, ...filterQueryOf(def, values), current: 1 });
  const reset = () => go({ ...defaultListQuery(def), size: query.size });

  const rows = data?.records ?? [];
  const editable = (row: DocumentListRow) => canDocument(def, row.state, 'EDIT', row.isReview);

  /** Edit and view act on exactly one selected document. */
  const onlyOne = (then: (row: DocumentListRow) => void) => () => {
    const row = selected.length === 1 ? rows.find((r) => r.id === selected[0]) : undefined;
    if (!row) {
      void message.warning(t('md.selectOne'));
      return;
    }
    then(row);
  };
  const editRow = (row: DocumentListRow) => {
    if (!editable(row)) {
      void message.warning(t('documents.notEditable', { title, state: labels.state(row.state) }));
      return;
    }
    navigate(documentPath(def, 'edit', row.id));
  };

  const confirmSelected = useConfirmSelected();
  const deleteSelected = () =>
    confirmSelected(
      selected,
      { selectAtLeastOne: t('md.selectAtLeastOne'), title: t('common.confirmTitle'), content: t('common.deleteConfirm'), success: t('app.operationSuccess') },
      (ids) => remove.mutateAsync(ids),
      { danger: true, done: () => setSelected([]) },
    );

  // actions the description offers on the list too (`list`), each on the one document selected, when its state allows it
  const run = useDocumentAction(def);
  const confirmAction = useActionConfirm(def);
  const listActions = Object.entries(def.actions).filter(([name, a]) => a.list && !a.system && can(name));
  const actOn = (action: string) =>
    onlyOne((row) => {
      const event = def.actions[action]!.event;
      if (!canDocument(def, row.state, event, row.isReview)) {
        void message.warning(t('documents.notAllowedNow', { action: labels.action(action), title, billNo: row.billNo, state: labels.state(row.state) }));
        return;
      }
      const go = async () => {
        try {
          await run.mutateAsync({ action, body: { id: row.id, version: row.version } });
          void message.success(t('app.operationSuccess'));
          setSelected([]);
        } catch {
          // shown by the API client
        }
      };
      if (def.actions[action]!.confirm) confirmAction(action, row.billNo, go);
      else void go();
    });

  const sortable = sortableColumnsOf(def);
  const onTableChange: TableProps<DocumentListRow>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate') {
      const size = pagination.pageSize ?? query.size;
      go({ ...query, size, current: size === query.size ? (pagination.current ?? 1) : 1 });
    }
    if (action === 'sort' && !Array.isArray(sorter)) {
      const key = sorter.columnKey;
      const base = defaultListQuery(def);
      if (typeof key === 'string' && sortable.has(key) && sorter.order) go({ ...query, current: 1, sort: key, order: sorter.order === 'ascend' ? 'asc' : 'desc' });
      else go({ ...query, current: 1, sort: base.sort, order: base.order });
    }
  };

  const cell = (c: ListColumn, row: DocumentListRow) => {
    const value = row[c.key];
    switch (c.key) {
      case 'billNo':
        return <Link to={documentPath(def, 'view', row.id)}>{row.billNo}</Link>;
      case 'state':
        return <StateTag def={def} state={row.state} />;
      case 'isReview':
        // as the detail page says it (enum.isReview), never the raw 0 / 1 / 2
        return row.isReview === 0 ? t('enum.isReview.0') : <Tag color={row.isReview === 2 ? 'green' : 'gold'}>{t(`enum.isReview.${row.isReview}`)}</Tag>;
    }
    if (value === undefined || value === null || value === '') return t('common.empty');
    // a record's code with its name (the names of a page's codes are asked in one call per entity)
    if (c.field?.kind === 'ref') return <RefValue entity={c.field.entity} value={value} />;
    if (c.field?.kind === 'doc' && typeof value === 'string') return <DocLink document={c.field.document} by={c.field.by} value={value} />;
    switch (c.kind) {
      case 'number':
        return typeof value === 'number' ? formatNumber(value) : String(value);
      case 'datetime':
        return formatDateTime(String(value));
      case 'enum':
        return enumValue(c.path.split('.').pop()!, String(value));
      case 'flag':
        return Number(value) === 1 ? t('md.yes') : t('md.no');
      default:
        return String(value);
    }
  };

  const byKey = new Map(listColumnsOf(def).map((c) => [c.key, c]));
  const columns: TableColumnsType<DocumentListRow> = [
    ...visible.flatMap((key) => {
      const c = byKey.get(key);
      if (!c) return [];
      return [
        {
          key,
          dataIndex: key,
          title: field(key),
          align: c.kind === 'number' ? ('right' as const) : undefined,
          ellipsis: !TAGGED.has(key),
          fixed: key === 'billNo' ? ('left' as const) : undefined,
          sorter: sortable.has(key),
          sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
          sortOrder: query.sort === key ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
          render: (_: unknown, row: DocumentListRow) => cell(c, row),
        },
      ];
    }),
    {
      key: '_actions',
      title: t('common.actions'),
      fixed: 'right' as const,
      width: 120,
      render: (_: unknown, row: DocumentListRow) => (
        <Space size="small">
          <Link to={documentPath(def, 'view', row.id)} data-testid={`view-${row.billNo}`}>
            {t('common.view')}
          </Link>
          {can('edit') && editable(row) && (
            <Link to={documentPath(def, 'edit', row.id)} data-testid={`edit-${row.billNo}`}>
              {t('common.edit')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`doc-list-${def.name}`}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>

      <Card size="small">
        <DocumentFilters def={def} query={query} onSearch={search} onReset={reset} />
      </Card>

      <Card size="small">
        <div className="page-toolbar">
          <Space wrap>
            {can('add') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(documentPath(def, 'new'))} data-testid="new-button">
                {t('common.new')}
              </Button>
            )}
            {can('edit') && (
              <Button icon={<EditOutlined />} onClick={onlyOne(editRow)} data-testid="edit-button">
                {t('common.edit')}
              </Button>
            )}
            <Button icon={<EyeOutlined />} onClick={onlyOne((row) => navigate(documentPath(def, 'view', row.id)))} data-testid="view-button">
              {t('common.view')}
            </Button>
            {can('remove') && (
              <Button danger icon={<DeleteOutlined />} onClick={deleteSelected} loading={remove.isPending} data-testid="delete-button">
                {t('common.delete')}
              </Button>
            )}
            {listActions.map(([action, a]) => (
              <Button key={action} onClick={actOn(action)} loading={run.isPending} data-testid={`list-action-${a.event.toLowerCase()}`}>
                {labels.action(action)}
              </Button>
            ))}
            {def.import && can('import') && <ImportButton def={def} />}
            {can('export') && <ExportButton download={(opts) => documentApi.exportFile(def, query, opts)} testId="doc-export" />}
            <ListToolbarExtra def={def} selected={rows.filter((r) => selected.includes(r.id))} />
          </Space>
          <ColumnChooser options={columnSetOf(def).options} label={(key) => field(key)} visible={visible} onChange={setVisible} testPrefix="doc" />
        </div>
        <Table<DocumentListRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          onRow={(row) => ({ 'data-testid': `doc-row-${row.billNo}` }) as React.HTMLAttributes<HTMLElement>}
          onChange={onTableChange}
          pagination={{
            current: query.current,
            pageSize: query.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('common.total', { total }),
          }}
        />
      </Card>
    </Space>
  );
};
