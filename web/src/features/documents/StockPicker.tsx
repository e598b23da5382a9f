import { useMemo, useState, type Key } from 'react';
import { Alert, Button, Col, Input, Row, Space, Typography } from 'antd';
import { Table } from '../../shared/widgets/Table';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { warehouseStockRoutes, type Page, type StockRow } from '@tpl/contracts';
import { request } from '../../api/client';
import { formatNumber } from '../../shared/format';
import { RefSelect } from '../../shared/widgets/RefSelect';
import { PickDialog } from './PickDialog';

/** The most lines one pick may add (a document holds at most 500). */
const MOST = 500;

/** A stock row's identity on a line: the same row is never added twice. */
export const stockRowKey = (r: Record<string, unknown>) => [r.barcode, r.warehousePlaceCode, r.batchNo ?? '', r.materialCode].map((v) => String(v ?? '')).join('|');

/** A line made from a stock row: each line field takes the row's field the description names. */
export const lineFromStock = (set: Record<string, string>, row: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(set).filter(([target]) => fields.includes(target)).map(([target, source]) => [target, row[source] === '' ? undefined : row[source]]));

type Filters = { warehousePlaceCode?: string; materialCode?: string; batchNo?: string; barcode?: string };

const stockList = (query: Record<string, unknown>, signal?: AbortSignal) =>
  request<Page<StockRow>>('GET', warehouseStockRoutes.stockList.path, { query: query as Record<string, string | number | undefined>, signal });

/**
 * Lines taken from stock (a transfer, a loss, a stock check): the stock rows of the document's
 * owner and area, narrowed by location, material, batch or a scanned barcode, each with what is
 * available; the rows ticked (or every row the filter finds: a stock check of a whole location,
 * material or area) become lines. Nobody types a barcode, batch or location that names a row.
 */
export const StockPicker = ({
  owner,
  area,
  taken,
  needsAvailable,
  onAdd,
  onClose,
}: {
  owner: string | undefined;
  area: string | undefined;
  /** rows already on the document's lines */
  taken: ReadonlySet<string>;
  /** the line takes what is available (a transfer, a loss): a row with nothing available is not offered */
  needsAvailable?: boolean;
  onAdd: (rows: StockRow[]) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [picked, setPicked] = useState(new Map<string, StockRow>());
  const [adding, setAdding] = useState(false);
  const ready = Boolean(owner && area);
  const query = useMemo(
    () => ({ customerCode: owner, warehouseAreaCode: area, ...filters, current: page.current, size: page.size, sort: 'warehousePlaceCode', order: 'asc' }),
    [owner, area, filters, page],
  );
  const list = useQuery({
    queryKey: ['stock', 'pick', query],
    queryFn: ({ signal }) => stockList(query, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof Filters, value: string | undefined) => {
    setFilters((f) => ({ ...f, [key]: value || undefined }));
    setPage((p) => ({ ...p, current: 1 }));
  };

  const addAll = async () => {
    setAdding(true);
    try {
      const rows: StockRow[] = [];
      for (let current = 1; rows.length < MOST; current++) {
        const got = await stockList({ ...query, current, size: 200 });
        rows.push(...got.records);
        if (current >= got.pages) break;
      }
      onAdd(rows.filter((r) => !taken.has(stockRowKey(r)) && !(needsAvailable && r.availableQty <= 0)).slice(0, MOST));
      onClose();
    } finally {
      setAdding(false);
    }
  };

  const columns: TableColumnsType<StockRow> = [
    { key: 'place', title: t('stockPick.place'), dataIndex: 'warehousePlaceCode' },
    { key: 'material', title: t('stockPick.material'), dataIndex: 'materialCode' },
    { key: 'batch', title: t('stockPick.batch'), dataIndex: 'batchNo', render: (v: string) => v || t('common.empty') },
    { key: 'barcode', title: t('stockPick.barcode'), dataIndex: 'barcode' },
    { key: 'qty', title: t('stockPick.qty'), dataIndex: 'qty', align: 'right', render: (v: number) => formatNumber(v) },
    { key: 'available', title: t('stockPick.available'), dataIndex: 'availableQty', align: 'right', render: (v: number) => formatNumber(v) },
    { key: 'expiring', title: t('stockPick.expiring'), dataIndex: 'expiringDate', render: (v: string | null) => v ?? t('common.empty') },
  ];
  const total = list.data?.total ?? 0;

  return (
    <PickDialog
      width={980}
      title={t('stockPick.title')}
      ticked={selected.length}
      addLabel={t('stockPick.addSelected', { count: selected.length })}
      addTestId="stock-pick-add"
      onAdd={() => onAdd([...picked.values()].filter((r) => selected.includes(stockRowKey(r))))}
      onClose={onClose}
      extra={
        <Button onClick={() => void addAll()} loading={adding} disabled={!ready || total === 0} data-testid="stock-pick-all">
          {t('stockPick.addAll', { count: Math.min(total, MOST) })}
        </Button>
      }
    >
      {!ready ? (
        <Alert type="warning" showIcon title={t('stockPick.headerFirst')} data-testid="stock-pick-header-first" />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Row gutter={12}>
            <Col span={6}>
              <RefSelect entity="warehouseplace" value={filters.warehousePlaceCode} onChange={(v) => set('warehousePlaceCode', v as string | undefined)} placeholder={t('stockPick.place')} pick={{ warehouseAreaCode: area! }} testId="stock-pick-place" />
            </Col>
            <Col span={6}>
              <RefSelect entity="material" value={filters.materialCode} onChange={(v) => set('materialCode', v as string | undefined)} placeholder={t('stockPick.material')} testId="stock-pick-material" />
            </Col>
            <Col span={6}>
              <Input allowClear placeholder={t('stockPick.batch')} onChange={(e) => set('batchNo', e.target.value.trim())} data-testid="stock-pick-batch" />
            </Col>
            <Col span={6}>
              {/* a keyboard-wedge scanner types the barcode and Enter */}
              <Input.Search allowClear placeholder={t('stockPick.scan')} onSearch={(v) => set('barcode', v.trim())} data-testid="stock-pick-barcode" />
            </Col>
          </Row>
          <Typography.Text type="secondary">{t('stockPick.hint')}</Typography.Text>
          <Table<StockRow>
            size="small"
            rowKey={stockRowKey}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              getCheckboxProps: (r) => ({ disabled: taken.has(stockRowKey(r)) || (needsAvailable === true && r.availableQty <= 0) }),
              onChange: (keys, rows) => {
                setSelected(keys);
                setPicked((m) => new Map([...m, ...rows.filter(Boolean).map((r) => [stockRowKey(r), r] as const)]));
              },
            }}
            pagination={{ current: page.current, pageSize: page.size, total, showSizeChanger: false, onChange: (current) => setPage((p) => ({ ...p, current })) }}
            scroll={{ x: 'max-content' }}
            data-testid="stock-pick-table"
            onRow={(r) => ({ 'data-testid': `stock-row-${stockRowKey(r)}` }) as React.HTMLAttributes<HTMLElement>}
          />
        </Space>
      )}
    </PickDialog>
  );
};
