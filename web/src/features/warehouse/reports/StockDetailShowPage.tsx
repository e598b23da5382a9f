import { useMemo, useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { Table } from '../../../shared/widgets/Table';
import type { TableColumnsType } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, reportText, type ReportColumn, type StockStreamRow } from '@tpl/contracts';
import { formatNumber } from '../../../shared/format';
import { useShow } from './hooks';
import { InstantLine } from './ReportPage';
import { PrintButton, useCell, useReportLabels } from './parts';

type Line = StockStreamRow & { balance: number };

const COLUMNS: ReportColumn[] = [
  { key: 'effectiveAt', kind: 'datetime' },
  { key: 'billNo', kind: 'text' },
  reportText('documentType'),
  { key: 'movement', kind: 'movement' },
  reportText('warehousePlaceCode'),
  { key: 'batchNo', kind: 'text' },
  { key: 'barcode', kind: 'text' },
  { key: 'qty', kind: 'qty' },
  { key: 'djQty', kind: 'qty' },
  { key: 'balance', kind: 'qty' },
];

/**
 * stockDetailViewShow: one owner's material over the period of the stock detail report: the
 * opening balance, every stream line in order with the running balance, the closing balance.
 */
export const StockDetailShowPage = () => {
  const { t, field } = useReportLabels();
  const cell = useCell();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const query = useMemo((): Record<string, string | number> => {
    const q: Record<string, string | number> = Object.fromEntries([...params].filter(([k]) => ['customerCode', 'materialCode', 'warehouseAreaCode', 'from', 'asOf'].includes(k)));
    return { ...q, current: page.current, size: page.size };
  }, [params, page]);
  const ready = Boolean(query.customerCode && query.materialCode);
  const { data, isFetching } = useShow(query, ready);
  const columns: TableColumnsType<Line> = COLUMNS.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: field(c.key),
    align: c.kind === 'qty' ? ('right' as const) : undefined,
    render: (v: unknown) => cell(c, v),
  }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="report-page" data-testid="report-page-stockDetailShow">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('stockReport.titles.stockDetailShow')}
        </Typography.Title>
        <InstantLine query={{ from: params.get('from') ?? undefined, asOf: params.get('asOf') ?? undefined }} />
      </Space>
      <Card size="small">
        <div className="page-toolbar no-print">
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              {t('stockReport.ui.back')}
            </Button>
            <PrintButton />
          </Space>
        </div>
        <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={field('customerCode')}>{cell(reportText('customerCode'), query.customerCode)}</Descriptions.Item>
          <Descriptions.Item label={field('materialCode')}>{cell(reportText('materialCode'), query.materialCode)}</Descriptions.Item>
          <Descriptions.Item label={t('stockReport.ui.opening')}>
            <span data-testid="show-opening">{formatNumber(data?.openingQty ?? 0)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('stockReport.ui.closing')}>
            <span data-testid="show-closing">{formatNumber(data?.closingQty ?? 0)}</span>
          </Descriptions.Item>
        </Descriptions>
        <Table<Line>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={(data?.records ?? []) as Line[]}
          loading={isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
        />
      </Card>
    </Space>
  );
};
