import { useState, type ReactNode } from 'react';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Space, Typography } from 'antd';
import { Table } from '../../../shared/widgets/Table';
import type { TableColumnsType, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, STOCK_REPORTS, billTypeText, reportText, type ExplainWhat, type ReportColumn, type StockReportName, type StockStreamRow } from '@tpl/contracts';
import { formatDateTime, formatNumber } from '../../../shared/format';
import { saveFile } from '../../../shared/saveFile';
import { RefName } from '../../../shared/widgets/FieldValue';
import { explainSearch, reportsApi, type ReportQuery, type ReportRow } from './api';
import { useExplain } from './hooks';
import './reports.css';

/** A column's label: `stockReport.fields.<key>`. */
export const useReportLabels = () => {
  const { t } = useTranslation();
  return { t, field: (key: string) => t(`stockReport.fields.${key}`) };
};

/** A cell's text by the column's kind. */
export const useCell = () => {
  const { t } = useTranslation();
  return (col: Pick<ReportColumn, 'kind' | 'ref' | 'documentType' | 'stateOf' | 'billType'>, value: unknown): ReactNode => {
    if (value === undefined || value === null || value === '') return t('common.empty');
    // words where the row holds codes: a document type's title, a record's code with its name
    if (col.documentType) return t(`${String(value)}.title`, { defaultValue: String(value) });
    if (col.stateOf) return t(`${col.stateOf}.states.${String(value)}`, { defaultValue: String(value) });
    if (col.billType) return billTypeText(value, (name) => t(`${name}.title`), t('stockReport.generalStream'));
    if (col.ref) return <RefName entity={col.ref} code={String(value)} />;
    switch (col.kind) {
      case 'qty':
      case 'weight':
      case 'volume':
      case 'count':
        return formatNumber(Number(value));
      case 'ratio':
        return `${(Number(value) * 100).toFixed(1)}%`;
      case 'datetime':
        return formatDateTime(String(value));
      case 'status':
        return t(`stockReport.status.${String(value)}`);
      case 'movement':
        return t(`stockReport.movement.${String(value)}`);
      case 'flag':
        return Number(value) === 1 ? t('md.yes') : t('md.no');
      default:
        return String(value);
    }
  };
};

/** What explain is asked for a quantity of a report's row: its keys, the instant, and for a period's figures the period. */
export type ExplainTarget = { title: string; search: URLSearchParams; what: ExplainWhat };

export const explainTargetOf = (name: StockReportName, row: ReportRow, col: ReportColumn, query: ReportQuery, title: string): ExplainTarget | undefined => {
  if (!col.explain) return undefined;
  const keys = Object.fromEntries(STOCK_REPORTS[name].keys.map((k) => [k, (row[k] as string | null | undefined) ?? '']));
  const asOf = query.asOf as string | undefined;
  const from = query.from as string | undefined;
  switch (col.explain) {
    case 'opening':
      // the opening is the stock as of the period's start: without a start it is nothing
      return from ? { title, what: 'qty', search: explainSearch(keys, { asOf: from }) } : undefined;
    case 'in':
    case 'out':
      return { title, what: 'qty', search: explainSearch(keys, { asOf, from, direction: col.explain }) };
    default:
      return { title, what: col.explain, search: explainSearch(keys, { asOf }) };
  }
};

const EXPLAIN_COLUMNS: ReportColumn[] = [
  { key: 'effectiveAt', kind: 'datetime' },
  { key: 'billNo', kind: 'text' },
  reportText('documentType'),
  { key: 'movement', kind: 'movement' },
  reportText('warehousePlaceCode'),
  { key: 'batchNo', kind: 'text' },
  { key: 'barcode', kind: 'text' },
  { key: 'qty', kind: 'qty' },
  { key: 'djQty', kind: 'qty' },
  { key: 'beforeQty', kind: 'qty' },
  { key: 'endQty', kind: 'qty' },
  { key: 'recordedAt', kind: 'datetime' },
];

/** "Explain": the stream lines a quantity is the sum of, as of the same instant, with their sums. */
export const ExplainDrawer = ({ target, onClose }: { target: ExplainTarget | undefined; onClose: () => void }) => {
  const { t, field } = useReportLabels();
  const cell = useCell();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const search = target ? new URLSearchParams(target.search) : undefined;
  if (search) {
    search.set('current', String(page.current));
    search.set('size', String(page.size));
  }
  const { data, isFetching } = useExplain(search);
  const keys = target ? [...target.search].filter(([k, v]) => v !== '' && !['current', 'size'].includes(k)) : [];
  const columns: TableColumnsType<StockStreamRow> = EXPLAIN_COLUMNS.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: field(c.key),
    align: c.kind === 'qty' ? ('right' as const) : undefined,
    render: (v: unknown) => cell(c, v),
  }));
  return (
    <Drawer
      open={target !== undefined}
      onClose={() => {
        setPage({ current: 1, size: 20 });
        onClose();
      }}
      title={`${t('stockReport.ui.explain')}: ${target?.title ?? ''}`}
      size="large"
      destroyOnHidden
      data-testid="explain-drawer"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary" data-testid="explain-keys">
          {t('stockReport.ui.explainKeys')}: {keys.map(([k, v]) => `${field(k)} ${k === 'asOf' || k === 'from' ? formatDateTime(v) : v}`).join(' · ')}
        </Typography.Text>
        {data && (
          <Typography.Text strong data-testid="explain-summary">
            {t('stockReport.ui.explainSummary', { lines: data.sums.lines, qty: formatNumber(data.sums.qty), djQty: formatNumber(data.sums.djQty) })}
          </Typography.Text>
        )}
        <Table<StockStreamRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isFetching}
          scroll={{ x: 'max-content' }}
          onRow={(row) => ({ 'data-testid': `explain-line-${row.billNo}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
        />
      </Space>
    </Drawer>
  );
};

/** Export after a confirmation, with the list's filters (the instant included). */
export const ExportButton = ({ name, query }: { name: StockReportName; query: ReportQuery }) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const { current: _c, size: _s, ...filters } = query;
      saveFile(await reportsApi.exportFile(name, filters, { fallbackName: `${name}.xlsx` }));
      void message.success(t('stockReport.ui.exportDone'));
    } catch {
      // the API client has shown the message
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={running}
      data-testid="report-export"
      onClick={() =>
        modal.confirm({ title: t('common.confirmTitle'), content: t('stockReport.ui.exportConfirm'), okButtonProps: { 'data-testid': 'modal-ok' } as never, onOk: () => void run() })
      }
    >
      {t('stockReport.ui.export')}
    </Button>
  );
};

/** Prints the page: the print stylesheet leaves the shell out and the report in. */
export const PrintButton = () => {
  const { t } = useTranslation();
  return (
    <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
      {t('stockReport.ui.print')}
    </Button>
  );
};

type TableProps2 = {
  name: StockReportName;
  query: ReportQuery;
  rows: ReportRow[];
  sums?: Record<string, number> | undefined;
  total: number;
  loading: boolean;
  rowKey: (row: ReportRow) => string;
  onExplain: (target: ExplainTarget) => void;
  onChange?: TableProps<ReportRow>['onChange'];
  /** extra cells at the row's end (a period's lines) */
  extra?: { title: string; render: (row: ReportRow) => ReactNode };
  pagination?: TableProps<ReportRow>['pagination'];
  testId?: string;
};

/**
 * A report's table from its description (contracts STOCK_REPORTS): each quantity that is the sum
 * of stream lines opens explain; the sums over every matching row in the summary row.
 */
export const ReportTable = ({ name, query, rows, sums, total, loading, rowKey, onExplain, onChange, extra, pagination, testId }: TableProps2) => {
  const { t, field } = useReportLabels();
  const cell = useCell();
  const def = STOCK_REPORTS[name];
  const sortable = new Set<string>(def.sorts);
  const describe = (row: ReportRow, col: ReportColumn) =>
    `${def.keys.map((k) => row[k] || t('common.empty')).join(' / ')} · ${field(col.key)}`;
  const columns: TableColumnsType<ReportRow> = def.columns.map((c: ReportColumn) => ({
    key: c.key,
    dataIndex: c.key,
    title: field(c.key),
    align: ['qty', 'weight', 'volume', 'count', 'ratio'].includes(c.kind) ? ('right' as const) : undefined,
    sorter: sortable.has(c.key),
    sortOrder: query.sort === c.key ? (query.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
    render: (value: unknown, row: ReportRow) => {
      const text = cell(c, value);
      const target = explainTargetOf(name, row, c, query, describe(row, c));
      if (!target) return text;
      return (
        <Button type="link" size="small" className="report-explain" title={t('stockReport.ui.explainOpen')} onClick={() => onExplain(target)} data-testid={`explain-${c.key}-${rowKey(row)}`}>
          {text}
        </Button>
      );
    },
  }));
  if (extra) columns.push({ key: '_extra', title: extra.title, className: 'no-print', render: (_: unknown, row: ReportRow) => extra.render(row) });
  return (
    <Table<ReportRow>
      rowKey={rowKey}
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      onChange={onChange}
      onRow={(row) => ({ 'data-testid': `report-row-${rowKey(row)}` }) as React.HTMLAttributes<HTMLElement>}
      data-testid={testId ?? `report-${name}`}
      pagination={pagination ?? false}
      summary={() =>
        sums && total > 0 ? (
          <Table.Summary.Row data-testid="report-sums">
            {def.columns.map((c: ReportColumn, i: number) => (
              <Table.Summary.Cell key={c.key} index={i} align={c.key in sums ? 'right' : undefined}>
                {i === 0 ? <strong>{t('stockReport.ui.sums')}</strong> : c.key in sums ? <strong data-testid={`sum-${c.key}`}>{formatNumber(sums[c.key])}</strong> : null}
              </Table.Summary.Cell>
            ))}
            {extra && <Table.Summary.Cell index={def.columns.length} className="no-print" />}
          </Table.Summary.Row>
        ) : undefined
      }
    />
  );
};
