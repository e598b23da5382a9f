import { useEffect, useMemo, useState, type Key } from 'react';
import { DeleteOutlined, PlusOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  PAGE_SIZES,
  consignmentListRowSchema,
  consignmentSortFields,
  consignmentStates,
  type ConsignmentListQuery,
  type ConsignmentListRow,
  type ConsignmentState,
  CONSIGNMENT_BUTTONS,
} from '@tpl/contracts';
import { canConsignment } from '@tpl/workflows';
import { useButtons } from '../../../auth/buttons';
import { useConfirmSelected } from '../../../shared/confirmSelected';
import { paths } from '../../../paths';
import { DATE_FORMAT, formatDateTime, formatNumber } from '../../../shared/format';
import { useConsignmentList, useRemoveConsignments } from './hooks';
import { useConsignmentLabels } from './labels';
import { DEFAULT_LIST_QUERY, parseListQuery, toListSearch } from './listQuery';
import { StateTag } from './StateTag';

type Row = ConsignmentListRow;
type Filters = { billNo?: string; state?: ConsignmentState; customerCode?: string; dates?: [Dayjs, Dayjs] | null };

/**
 * The list row's keys, as the contracts define them (id and version are not columns), the ones a
 * dispatcher scans first (number, state, review) leading so they stay in view beside the fixed
 * actions column on a 1280-pixel screen; any other key follows in the contracts' order.
 */
const LEADING: (keyof Row)[] = ['billNo', 'state', 'isReview'];
const columnKeys = (Object.keys(consignmentListRowSchema.shape) as (keyof Row)[])
  .filter((key) => key !== 'id' && key !== 'version')
  .sort((a, b) => (LEADING.includes(a) ? LEADING.indexOf(a) : LEADING.length) - (LEADING.includes(b) ? LEADING.indexOf(b) : LEADING.length));
/** Cells holding a tag are never cut short: the tag is the whole message. */
const tagKeys = new Set<keyof Row>(['state', 'isReview']);
const sortable = (key: keyof Row): key is ConsignmentListQuery['sort'] => (consignmentSortFields as readonly string[]).includes(key);
const numericKeys = new Set<keyof Row>(['totalQty', 'totalWeg', 'totalVolume', 'totalPackages']);


const filtersOf = (query: ConsignmentListQuery): Filters => ({
  billNo: query.billNo,
  state: query.state,
  customerCode: query.customerCode,
  dates: query.dateFrom && query.dateTo ? [dayjs(query.dateFrom), dayjs(query.dateTo)] : null,
});

export const ConsignmentListPage = () => {
  const labels = useConsignmentLabels();
  const { t } = labels;
  const navigate = useNavigate();
  const has = useButtons();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(params), [params]);
  const { data, isFetching } = useConsignmentList(query);
  const remove = useRemoveConsignments();
  const [selected, setSelected] = useState<Key[]>([]);
  const [form] = Form.useForm<Filters>();

  // the URL is the truth: back/forward and shared links refill the filters
  useEffect(() => {
    form.setFieldsValue(filtersOf(query));
    setSelected([]);
  }, [form, query]);

  const go = (next: ConsignmentListQuery) => setParams(toListSearch(next));

  const search = (filters: Filters) =>
    go({
      ...query,
      current: 1,
      billNo: filters.billNo?.trim() || undefined,
      state: filters.state,
      customerCode: filters.customerCode?.trim() || undefined,
      dateFrom: filters.dates?.[0]?.format(DATE_FORMAT),
      dateTo: filters.dates?.[1]?.format(DATE_FORMAT),
    });

  const reset = () => {
    form.resetFields();
    go({ ...DEFAULT_LIST_QUERY, size: query.size });
  };

  const confirmSelected = useConfirmSelected();
  const deleteSelected = () =>
    confirmSelected(
      selected,
      { selectAtLeastOne: t('common.selectAtLeastOne'), title: t('common.confirmTitle'), content: t('common.deleteConfirm'), success: t('app.operationSuccess') },
      (ids) => remove.mutateAsync(ids),
      { danger: true, done: () => setSelected([]) },
    );

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate') {
      const size = pagination.pageSize ?? query.size;
      go({ ...query, size, current: size === query.size ? (pagination.current ?? 1) : 1 });
    }
    if (action === 'sort' && !Array.isArray(sorter)) {
      const key = sorter.columnKey;
      if (typeof key === 'string' && sortable(key as keyof Row) && sorter.order) {
        go({ ...query, current: 1, sort: key as ConsignmentListQuery['sort'], order: sorter.order === 'ascend' ? 'asc' : 'desc' });
      } else {
        go({ ...query, current: 1, sort: DEFAULT_LIST_QUERY.sort, order: DEFAULT_LIST_QUERY.order });
      }
    }
  };

  const renderCell = (key: keyof Row, row: Row) => {
    switch (key) {
      case 'billNo':
        return <Link to={paths.consignmentView(row.id)}>{row.billNo}</Link>;
      case 'state':
        return <StateTag state={row.state} />;
      case 'isReview':
        // as the detail page says it (enum.isReview), never the raw 0 / 1 / 2
        return row.isReview === 0 ? t('enum.isReview.0') : <Tag color={row.isReview === 2 ? 'green' : 'gold'}>{t(`enum.isReview.${row.isReview}`)}</Tag>;
      case 'deliveryMode':
        return labels.deliveryMode(row.deliveryMode);
      case 'updatedAt':
        return formatDateTime(row.updatedAt);
      default: {
        const value = row[key];
        return typeof value === 'number' ? formatNumber(value) : value;
      }
    }
  };

  const columns: TableColumnsType<Row> = [
    ...columnKeys.map((key) => ({
      key,
      dataIndex: key,
      title: labels.field(key),
      align: numericKeys.has(key) ? ('right' as const) : undefined,
      ellipsis: !tagKeys.has(key),
      fixed: key === 'billNo' ? ('left' as const) : undefined,
      sorter: sortable(key),
      sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
      sortOrder: query.sort === key ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, row: Row) => renderCell(key, row),
    })),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 120,
      render: (_: unknown, row: Row) => (
        <Space size="small">
          <Link to={paths.consignmentView(row.id)} data-testid={`view-${row.billNo}`}>
            {t('common.view')}
          </Link>
          {has(CONSIGNMENT_BUTTONS.edit) && canConsignment(row.state, 'EDIT') && (
            <Link to={paths.consignmentEdit(row.id)} data-testid={`edit-${row.billNo}`}>
              {t('common.edit')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('pages.consignmentList')}
      </Typography.Title>

      <Card size="small">
        <Form<Filters> form={form} name="filters" layout="inline" onFinish={search} initialValues={filtersOf(query)} style={{ rowGap: 12 }}>
          <Form.Item name="billNo" label={labels.field('billNo')}>
            <Input allowClear data-testid="filter-billNo" />
          </Form.Item>
          <Form.Item name="state" label={labels.field('state')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('consignment.statePlaceholder')}
              options={consignmentStates.map((state) => ({ value: state, label: labels.state(state) }))}
            />
          </Form.Item>
          <Form.Item name="customerCode" label={labels.field('customerCode')}>
            <Input allowClear data-testid="filter-customerCode" />
          </Form.Item>
          <Form.Item name="dates" label={t('consignment.fields.dateRange')}>
            <DatePicker.RangePicker format={DATE_FORMAT} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-button">
                {t('common.search')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={reset} data-testid="reset-button">
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>

      <Card size="small">
        {(has(CONSIGNMENT_BUTTONS.add) || has(CONSIGNMENT_BUTTONS.remove)) && (
          <div className="page-toolbar">
            <Space>
              {has(CONSIGNMENT_BUTTONS.add) && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.consignmentNew)} data-testid="new-button">
                  {t('common.new')}
                </Button>
              )}
              {has(CONSIGNMENT_BUTTONS.remove) && (
                <Button danger icon={<DeleteOutlined />} onClick={deleteSelected} loading={remove.isPending} data-testid="delete-button">
                  {t('common.delete')}
                </Button>
              )}
            </Space>
          </div>
        )}
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={has(CONSIGNMENT_BUTTONS.remove) ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
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
