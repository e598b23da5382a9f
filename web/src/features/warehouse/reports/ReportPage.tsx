import { useEffect, useMemo, useState } from 'react';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import {
  PAGE_SIZES,
  REPORT_PATHS,
  STOCK_MOVEMENTS,
  STOCK_REPORTS,
  STOCK_STATUSES,
  stockByAreaQuerySchema,
  stockByCustomerBatchQuerySchema,
  stockByDetailsQuerySchema,
  stockDetailQuerySchemaOfReport,
  stockStreamReportQuerySchema,
  type StockReportName,
} from '@tpl/contracts';
import { DATE_TIME_FORMAT, formatDateTime, instantOfPicked, pickerValueOf } from '../../../shared/format';
import { parseUrlQuery, toUrlSearch } from '../../../shared/urlQuery';
import { RefSelect } from '../../../shared/widgets/RefSelect';
import type { ReportQuery, ReportRow } from './api';
import { useReport } from './hooks';
import { ExplainDrawer, ExportButton, PrintButton, ReportTable, useReportLabels, type ExplainTarget } from './parts';

type FilterKey =
  | 'customerCode'
  | 'materialCode'
  | 'warehouseAreaCode'
  | 'warehousePlaceCode'
  | 'batchNo'
  | 'barcode'
  | 'billNo'
  | 'status'
  | 'movement'
  | 'from'
  | 'to'
  | 'asOf';

/** The filters each report offers (its query schema takes them). */
const FILTERS: Record<StockReportName, FilterKey[]> = {
  stockByWarehouseArea: ['warehouseAreaCode', 'customerCode', 'materialCode', 'asOf'],
  stockByCustomerBatchNo: ['customerCode', 'materialCode', 'batchNo', 'warehouseAreaCode', 'asOf'],
  stockByDetails: ['warehouseAreaCode', 'warehousePlaceCode', 'customerCode', 'materialCode', 'batchNo', 'barcode', 'status', 'asOf'],
  stockDetail: ['customerCode', 'materialCode', 'warehouseAreaCode', 'from', 'asOf'],
  stockStreamDetail: ['customerCode', 'materialCode', 'warehouseAreaCode', 'warehousePlaceCode', 'billNo', 'movement', 'batchNo', 'barcode', 'from', 'to', 'asOf'],
};

const SCHEMAS = {
  stockByWarehouseArea: stockByAreaQuerySchema,
  stockByCustomerBatchNo: stockByCustomerBatchQuerySchema,
  stockByDetails: stockByDetailsQuerySchema,
  stockDetail: stockDetailQuerySchemaOfReport,
  stockStreamDetail: stockStreamReportQuerySchema,
} as const;

const REFS: Partial<Record<FilterKey, string>> = { customerCode: 'customer', materialCode: 'material', warehouseAreaCode: 'warehousearea', warehousePlaceCode: 'warehouseplace' };
const INSTANTS = new Set<FilterKey>(['from', 'to', 'asOf']);

type Values = Partial<Record<FilterKey, string | Dayjs | undefined>>;

const FilterInput = ({ name, value, onChange }: { name: FilterKey; value?: unknown; onChange?: (v: unknown) => void }) => {
  const { t } = useReportLabels();
  const testId = `report-filter-${name}`;
  if (REFS[name]) return <RefSelect entity={REFS[name]} value={value as string | undefined} onChange={onChange} testId={testId} style={{ width: 180 }} />;
  if (INSTANTS.has(name))
    return <DatePicker showTime format={DATE_TIME_FORMAT} value={value as Dayjs | undefined} onChange={(d) => onChange?.(d ?? undefined)} data-testid={testId} placeholder={name === 'asOf' ? t('stockReport.ui.now') : undefined} />;
  if (name === 'status' || name === 'movement') {
    const values: readonly string[] = name === 'status' ? STOCK_STATUSES : STOCK_MOVEMENTS;
    return (
      <Select
        allowClear
        style={{ width: 140 }}
        value={(value as string | undefined) ?? undefined}
        onChange={(v) => onChange?.(v ?? undefined)}
        options={values.map((v) => ({ value: v, label: t(`stockReport.${name}.${v}`) }))}
        data-testid={testId}
      />
    );
  }
  return <Input allowClear style={{ width: 150 }} value={(value as string | undefined) ?? ''} onChange={(e) => onChange?.(e.target.value)} data-testid={testId} />;
};

/** The filters (the URL is the truth: back, forward and shared links refill them). */
export const ReportFilters = ({ keys, query, onSearch, onReset }: { keys: readonly FilterKey[]; query: ReportQuery; onSearch: (v: ReportQuery) => void; onReset: () => void }) => {
  const { t, field } = useReportLabels();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(keys.map((k) => [k, INSTANTS.has(k) && query[k] ? pickerValueOf(String(query[k])) : (query[k] as string | undefined)])));
  }, [form, keys, query]);
  const submit = (values: Values) =>
    onSearch(Object.fromEntries(keys.map((k) => [k, dayjs.isDayjs(values[k]) ? instantOfPicked(values[k] as Dayjs) : ((values[k] as string | undefined) || undefined)])));
  return (
    <Form<Values> form={form} layout="inline" onFinish={submit} style={{ rowGap: 12 }} className="no-print">
      {keys.map((k) => (
        <Form.Item key={k} name={k} label={field(k)} tooltip={k === 'asOf' ? t('stockReport.ui.asOfHint') : undefined}>
          <FilterInput name={k} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="report-search">
            {t('stockReport.ui.search')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={onReset} data-testid="report-reset">
            {t('stockReport.ui.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
};

/** The instant a report answers for, as the page says it (now, or as of; a period from .. to). */
export const InstantLine = ({ query }: { query: ReportQuery }) => {
  const { t } = useReportLabels();
  const asOf = query.asOf ? formatDateTime(String(query.asOf)) : t('stockReport.ui.now');
  const text =
    'from' in query && query.from !== undefined
      ? t('stockReport.ui.periodShown', { from: formatDateTime(String(query.from)), to: asOf })
      : t('stockReport.ui.asOfShown', { time: asOf });
  return (
    <Typography.Text type="secondary" data-testid="report-instant">
      {text}
    </Typography.Text>
  );
};

export const rowKeyOf = (name: StockReportName) => (row: ReportRow) =>
  name === 'stockStreamDetail' ? String(row.id) : STOCK_REPORTS[name].keys.map((k) => String(row[k] ?? '')).join('~');

/**
 * One stock report (spec 01 /reportManagement): its filters and instant in the URL, the
 * server's page with the sums over every matching row, each quantity opening explain, export
 * and print. The period report's rows open their lines (stockDetailViewShow).
 */
export const ReportPage = ({ name }: { name: StockReportName }) => {
  const { t } = useReportLabels();
  const schema = SCHEMAS[name];
  const defaults = useMemo(() => schema.parse({}) as ReportQuery, [schema]);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseUrlQuery(schema as never, params, defaults) as ReportQuery, [schema, params, defaults]);
  const { data, isFetching } = useReport(name, query);
  const [explain, setExplain] = useState<ExplainTarget>();

  const go = (next: ReportQuery) => setParams(toUrlSearch(next, defaults));
  const onChange: TableProps<ReportRow>['onChange'] = (pagination, _f, sorter, { action }) => {
    if (action === 'paginate') {
      const size = pagination.pageSize ?? Number(query.size);
      go({ ...query, size, current: size === query.size ? (pagination.current ?? 1) : 1 });
    }
    if (action === 'sort' && !Array.isArray(sorter)) {
      const key = typeof sorter.columnKey === 'string' ? sorter.columnKey : undefined;
      if (key && sorter.order) go({ ...query, current: 1, sort: key, order: sorter.order === 'ascend' ? 'asc' : 'desc' });
      else go({ ...query, current: 1, sort: defaults.sort, order: defaults.order });
    }
  };
  const showLink = (row: ReportRow) => {
    const search = new URLSearchParams({ customerCode: String(row.customerCode), materialCode: String(row.materialCode) });
    for (const k of ['from', 'asOf', 'warehouseAreaCode'] as const) if (query[k]) search.set(k, String(query[k]));
    return (
      <Link to={`${REPORT_PATHS.stockDetailShow}?${search}`} data-testid={`show-${row.customerCode}-${row.materialCode}`}>
        {t('stockReport.ui.openShow')}
      </Link>
    );
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="report-page" data-testid={`report-page-${name}`}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t(`stockReport.titles.${name}`)}
        </Typography.Title>
        <InstantLine query={query} />
      </Space>
      <Card size="small" className="no-print">
        <ReportFilters
          keys={FILTERS[name]}
          query={query}
          onSearch={(v) => go({ ...defaults, size: query.size, sort: query.sort, order: query.order, ...v, current: 1 })}
          onReset={() => go({ ...defaults, size: query.size })}
        />
      </Card>
      <Card size="small">
        <div className="page-toolbar no-print">
          <Space wrap>
            <ExportButton name={name} query={query} />
            <PrintButton />
          </Space>
          <Typography.Text type="secondary">{t('stockReport.ui.rows', { total: data?.total ?? 0 })}</Typography.Text>
        </div>
        <ReportTable
          name={name}
          query={query}
          rows={data?.records ?? []}
          sums={data?.sums}
          total={data?.total ?? 0}
          loading={isFetching}
          rowKey={rowKeyOf(name)}
          onExplain={setExplain}
          onChange={onChange}
          extra={name === 'stockDetail' ? { title: t('common.actions'), render: showLink } : undefined}
          pagination={{
            current: Number(query.current),
            pageSize: Number(query.size),
            total: data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
          }}
        />
      </Card>
      <ExplainDrawer target={explain} onClose={() => setExplain(undefined)} />
    </Space>
  );
};
