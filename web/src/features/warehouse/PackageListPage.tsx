import { useState } from 'react';
import { Card, Col, Input, Row, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PACKAGE_STANDINGS, PAGE_SIZES, documentPath, packagetemporarybill, warehouseScreenRoutes as S, type PackageRow, type PackageStanding } from '@tpl/contracts';
import { request, type QueryValue } from '../../api/client';
import { formatDateTime, formatNumber } from '../../shared/format';
import { Table } from '../../shared/widgets/Table';
import { RefName } from '../../shared/widgets/FieldValue';
import { RefSelect } from '../../shared/widgets/RefSelect';
import { DocLink } from '../../shared/widgets/DocLink';

type Page = { records: PackageRow[]; total: number; size: number; current: number; pages: number };
type Filters = { standing?: PackageStanding; billNo?: string; customerCode?: string; warehousePlaceCode?: string };

const packageKeys = { list: (q: Record<string, QueryValue>) => ['warehouse', 'packageList', q] as const };

const COLOURS: Record<PackageStanding, string> = { inStock: 'blue', allocated: 'orange', shipped: 'green', unpacked: 'default', draft: 'default', cancelled: 'red' };

/** The bill that took a package out or opened it: an unpacking bill (CB…) or an outbound bill. */
const GoneBy = ({ row }: { row: PackageRow }) => {
  if (!row.goneBy) return null;
  return <DocLink document={row.standing === 'unpacked' ? 'temporarypackagebill' : 'osoutstockbill'} value={row.goneBy} />;
};

/**
 * 临时包装列表 (spec 01 "temporarypackagebill list"): every temporary package as the stock ledger
 * holds it — in stock at its location (with its content under its barcode), allocated to ship,
 * shipped whole (gone, with the bill that took it and when), unpacked, or not packed yet.
 * docs/DOMAIN.md "Temporary packages".
 */
export const PackageListPage = () => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const query: Record<string, QueryValue> = { ...filters, current: paging.current, size: paging.size };
  const page = useQuery({
    queryKey: packageKeys.list(query),
    queryFn: ({ signal }) => request<Page>('GET', S.packageList.path, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const set = (f: Partial<Filters>) => {
    setFilters((was) => ({ ...was, ...f }));
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const f = (name: string) => t(`packages.fields.${name}`);

  const columns: TableColumnsType<PackageRow> = [
    {
      key: 'billNo',
      title: f('billNo'),
      render: (_, r) => (
        <Link to={documentPath(packagetemporarybill, 'view', r.id)} data-testid={`package-${r.billNo}`}>
          {r.billNo}
        </Link>
      ),
    },
    { key: 'customerCode', title: f('customerCode'), render: (_, r) => (r.customerCode ? <RefName entity="customer" code={r.customerCode} /> : null) },
    {
      key: 'standing',
      title: f('standing'),
      render: (_, r) => (
        <Tag color={COLOURS[r.standing]} data-testid={`package-${r.billNo}-standing`} data-standing={r.standing}>
          {t(`packages.standings.${r.standing}`)}
        </Tag>
      ),
    },
    {
      key: 'places',
      title: f('warehousePlaceCode'),
      render: (_, r) => (
        <span data-testid={`package-${r.billNo}-place`}>
          {r.places.map((p, i) => (
            <span key={p}>
              {i > 0 && ', '}
              <RefName entity="warehouseplace" code={p} />
            </span>
          ))}
        </span>
      ),
    },
    { key: 'packageType', title: f('packageType'), dataIndex: 'packageType' },
    { key: 'qty', title: f('qty'), align: 'right', render: (_, r) => <span data-testid={`package-${r.billNo}-qty`}>{formatNumber(r.qty)}</span> },
    { key: 'packedQty', title: f('packedQty'), align: 'right', render: (_, r) => formatNumber(r.packedQty) },
    { key: 'packedAt', title: f('packedAt'), render: (_, r) => formatDateTime(r.packedAt) },
    { key: 'goneBy', title: f('goneBy'), render: (_, r) => <span data-testid={`package-${r.billNo}-gone-by`}><GoneBy row={r} /></span> },
    { key: 'goneAt', title: f('goneAt'), render: (_, r) => formatDateTime(r.goneAt) },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="package-list">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('packages.title')}
      </Typography.Title>
      <Card size="small">
        <Row gutter={[12, 8]}>
          <Col xs={24} md={6}>
            <Select
              allowClear
              style={{ width: '100%' }}
              placeholder={t('packages.allStandings')}
              value={filters.standing}
              onChange={(v: PackageStanding | undefined) => set({ standing: v ?? undefined })}
              options={PACKAGE_STANDINGS.map((s) => ({ value: s, label: t(`packages.standings.${s}`) }))}
              data-testid="package-standing"
            />
          </Col>
          <Col xs={24} md={6}>
            <Input.Search allowClear placeholder={f('billNo')} onSearch={(v) => set({ billNo: v.trim() || undefined })} data-testid="package-billno" />
          </Col>
          <Col xs={24} md={6}>
            <RefSelect entity="customer" value={filters.customerCode} onChange={(v) => set({ customerCode: (v as string | undefined) ?? undefined })} placeholder={f('customerCode')} testId="package-owner" />
          </Col>
          <Col xs={24} md={6}>
            <RefSelect entity="warehouseplace" value={filters.warehousePlaceCode} onChange={(v) => set({ warehousePlaceCode: (v as string | undefined) ?? undefined })} placeholder={f('warehousePlaceCode')} testId="package-place" />
          </Col>
        </Row>
      </Card>
      <Card size="small">
        <Table<PackageRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('packages.empty') }}
          expandable={{
            rowExpandable: (r) => r.content.length > 0,
            expandedRowRender: (r) => (
              <Table
                size="small"
                pagination={false}
                rowKey={(c) => `${c.materialCode}-${c.batchNo}-${c.warehousePlaceCode}`}
                dataSource={r.content}
                data-testid={`package-${r.billNo}-content`}
                columns={[
                  { title: t('whScreens.cols.material'), render: (_, c) => `${c.materialCode} ${c.materialName}`.trim() },
                  { title: t('whScreens.cols.batch'), render: (_, c) => c.batchNo || t('common.empty') },
                  { title: t('whScreens.cols.place'), render: (_, c) => <RefName entity="warehouseplace" code={c.warehousePlaceCode} /> },
                  { title: t('whScreens.cols.qty'), align: 'right', render: (_, c) => formatNumber(c.qty) },
                  { title: '', render: (_, c) => (c.djQty > 0 ? <Tag color="orange">{t('packages.allocatedOf', { qty: formatNumber(c.djQty) })}</Tag> : null) },
                ]}
              />
            ),
          }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: page.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            onChange: (current, size) => setPaging({ current: size === paging.size ? current : 1, size }),
          }}
        />
      </Card>
    </Space>
  );
};
