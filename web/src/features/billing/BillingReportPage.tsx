import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import { Table } from '../../shared/widgets/Table';
import type { TableColumnsType, TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BILLING_REPORTS, OTHER_CHARGE_DOCUMENTS, PAGE_SIZES, billingReportPath, type BillingReportDef, type BillingReportName, type BillingReportPage as BillingPageData, type ReportColumn } from '@tpl/contracts';
import { download, request, type QueryValue } from '../../api/client';
import { formatNumber } from '../../shared/format';
import { saveFile } from '../../shared/saveFile';
import { RefSelect } from '../../shared/widgets/RefSelect';
import { RefName } from '../../shared/widgets/FieldValue';
import { DocSelect } from '../../shared/widgets/DocSelect';

type Query = Record<string, QueryValue>;
type Row = BillingPageData['records'][number];
const NUMBERS = new Set<ReportColumn['kind']>(['qty', 'weight', 'volume', 'count', 'money']);
/** Columns holding a cost lading's choice (shown by the document's own labels). */
const COST_LADING_ENUMS = new Set(['workerType', 'workType', 'ladingType']);
/** Reports read by month bill (the charges a bill was issued with): a bill picked, never typed. */
const BY_BILL = new Set<BillingReportName>(['costdetail', 'costbilldetailpack']);

/** One billing report of /acct (contracts/src/billing/reports.ts): filters, the server's page with its sums, the spreadsheet. */
export const BillingReportPage = ({ name }: { name: BillingReportName }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const def: BillingReportDef = BILLING_REPORTS[name];
  const byWorker = def.columns.some((c) => c.key === 'workerCode');
  const [filters, setFilters] = useState<{ customerCode?: string; workerCode?: string; range?: [Dayjs, Dayjs]; documentType?: string; billNo?: string }>({});
  const [paging, setPaging] = useState({ current: 1, size: 20, sort: def.defaultSort as string, order: 'asc' as 'asc' | 'desc' });
  const [exporting, setExporting] = useState(false);
  const query: Query = {
    ...paging,
    customerCode: filters.customerCode,
    workerCode: filters.workerCode,
    documentType: filters.documentType,
    billNo: filters.billNo,
    from: filters.range?.[0]?.format('YYYY-MM-DD'),
    to: filters.range?.[1]?.format('YYYY-MM-DD'),
  };
  const page = useQuery({
    queryKey: ['billingReport', name, query],
    queryFn: ({ signal }) => request<BillingPageData>('GET', billingReportPath(name, 'list'), { query, signal }),
    placeholderData: keepPreviousData,
  });
  const field = (key: string) => t(`billingReport.fields.${key}`);
  const cell = (c: ReportColumn, v: unknown) => {
    if (v === null || v === undefined || v === '') return t('common.empty');
    if (c.kind === 'money') return Number(v).toFixed(2);
    if (c.kind === 'flag') return Number(v) === 1 ? t('md.yes') : t('md.no');
    if (NUMBERS.has(c.kind)) return formatNumber(Number(v));
    if (c.documentType) return t(`${String(v)}.title`, { defaultValue: String(v) });
    if (c.stateOf) return t(`${c.stateOf}.states.${String(v)}`, { defaultValue: String(v) });
    // a record's code with its name beside it
    if (c.ref) return <RefName entity={c.ref} code={String(v)} />;
    if (COST_LADING_ENUMS.has(c.key)) return t(`enum.costlading.${c.key}.${String(v)}`, { defaultValue: String(v) });
    return String(v);
  };
  const sortable = new Set<string>(def.sorts);
  const columns: TableColumnsType<Row> = def.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: field(c.key),
    align: NUMBERS.has(c.kind) ? ('right' as const) : undefined,
    sorter: sortable.has(c.key),
    sortOrder: paging.sort === c.key ? (paging.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
    render: (v: unknown) => cell(c, v),
  }));
  const onChange: TableProps<Row>['onChange'] = (p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = s?.order && typeof s.columnKey === 'string' ? s.columnKey : def.defaultSort;
    setPaging({ current: p.current ?? 1, size: p.pageSize ?? 20, sort, order: s?.order === 'descend' ? 'desc' : 'asc' });
  };
  const exportFile = async () => {
    setExporting(true);
    try {
      const { current: _c, size: _s, ...rest } = query;
      saveFile(await download(billingReportPath(name, 'export'), { query: rest, fallbackName: `${name}.xlsx` }));
      void message.success(t('stockReport.ui.exportDone'));
    } catch {
      // the API client has shown the message
    } finally {
      setExporting(false);
    }
  };
  const sums = page.data?.sums ?? {};
  return (
    <Card title={t(`billingReport.titles.${name}`)} data-testid={`billing-report-${name}`}>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        {byWorker ? (
          <Form.Item label={field('workerCode')}>
            <Input.Search allowClear style={{ width: 180 }} onSearch={(v) => { setFilters((f) => ({ ...f, workerCode: v.trim() || undefined })); setPaging((p) => ({ ...p, current: 1 })); }} data-testid="billing-report-worker" />
          </Form.Item>
        ) : (
          <Form.Item label={field('customerCode')}>
            <RefSelect entity="customer" value={filters.customerCode} onChange={(v) => { setFilters((f) => ({ ...f, customerCode: (v as string | undefined) ?? undefined })); setPaging((p) => ({ ...p, current: 1 })); }} testId="billing-report-customer" style={{ width: 180 }} />
          </Form.Item>
        )}
        {BY_BILL.has(name) && (
          <Form.Item label={field('billNo')}>
            <div style={{ width: 220 }}>
              <DocSelect document="monthbill" value={filters.billNo} onChange={(v) => { setFilters((f) => ({ ...f, billNo: typeof v === 'string' && v ? v : undefined })); setPaging((p) => ({ ...p, current: 1 })); }} testId="billing-report-bill" />
            </div>
          </Form.Item>
        )}
        <Form.Item label={field('day')}>
          <DatePicker.RangePicker value={filters.range} onChange={(r) => { setFilters((f) => ({ ...f, range: r && r[0] && r[1] ? [r[0], r[1]] : undefined })); setPaging((p) => ({ ...p, current: 1 })); }} data-testid="billing-report-range" />
        </Form.Item>
        {name.startsWith('costbillZaFe') && (
          <Form.Item label={field('documentType')}>
            <Select allowClear style={{ width: 180 }} value={filters.documentType} onChange={(v) => setFilters((f) => ({ ...f, documentType: v ?? undefined }))} options={OTHER_CHARGE_DOCUMENTS.map((d) => ({ value: d.name, label: t(`${d.name}.title`) }))} data-testid="billing-report-doctype" />
          </Form.Item>
        )}
        <Space>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportFile()} data-testid="billing-report-export">
            {t('stockReport.ui.export')}
          </Button>
        </Space>
      </Form>
      <Table<Row>
        rowKey={(r) => def.columns.map((c) => String(r[c.key] ?? '')).join('|')}
        size="small"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        pagination={{ current: paging.current, pageSize: paging.size, total: page.data?.total ?? 0, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true }}
        summary={() => (
          <Table.Summary.Row>
            {def.columns.map((c, i) => (
              <Table.Summary.Cell key={c.key} index={i} align={NUMBERS.has(c.kind) ? 'right' : undefined}>
                {i === 0 ? <Typography.Text strong>{t('documents.sections.total')}</Typography.Text> : c.key in sums ? <Typography.Text strong>{cell(c, sums[c.key])}</Typography.Text> : null}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
        data-testid="billing-report-table"
      />
    </Card>
  );
};
