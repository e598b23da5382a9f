import { useState } from 'react';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { Table } from '../../shared/widgets/Table';
import type { TableColumnsType } from 'antd';
import { useQuery, keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dockOf, documentPath, isinstockbill, subQty, type KitDocument } from '@tpl/contracts';
import { documentApi, type DocumentListRow } from '../../api/documents';
import { documentKeys } from '../../api/queryKeys';
import { formatDateTime, formatNumber } from '../../shared/format';
import { ActionDialog } from '../documents/ActionDialog';
import { useDocumentButtons } from '../documents/permissions';
import { RefSelect } from '../../shared/widgets/RefSelect';

/** Inbound bills with goods still at their dock: received, or put away in part. */
export const WAITING = ['Received', 'PuttingAway'] as const;


const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * 待上架, the keeper's put-away list: what is waiting at each dock (the inbound bills received and
 * not yet stored), by area and owner, oldest first; each opens the bill's put-away dialog, where
 * the suggested locations are taken in one click and each line stays adjustable.
 */
export const PutAwayListPage = () => {
  const { t } = useTranslation();
  const can = useDocumentButtons(isinstockbill);
  const client = useQueryClient();
  const [area, setArea] = useState<string>();
  const [owner, setOwner] = useState<string>();
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<KitDocument>();
  const query = { state: WAITING.join(','), warehouseAreaCode: area, customerCode: owner, current, size: 20, sort: 'receivedAt', order: 'asc' as const };
  const list = useQuery({
    queryKey: documentKeys.list(isinstockbill.name, query),
    queryFn: ({ signal }) => documentApi.list(isinstockbill, query, signal),
    placeholderData: keepPreviousData,
  });
  const putAway = async (row: DocumentListRow) => {
    const doc = await client.fetchQuery({ queryKey: documentKeys.detail(isinstockbill.name, row.id), queryFn: ({ signal }) => documentApi.detail(isinstockbill, row.id, undefined, signal) });
    setOpen(doc);
  };

  const columns: TableColumnsType<DocumentListRow> = [
    { key: 'dock', title: t('putAway.dock'), render: (_, r) => <Typography.Text strong>{dockOf(String(r.warehouseAreaCode ?? ''))}</Typography.Text> },
    { key: 'billNo', title: t('putAway.bill'), render: (_, r) => <Link to={documentPath(isinstockbill, 'view', r.id)}>{r.billNo}</Link> },
    { key: 'owner', title: t('putAway.owner'), dataIndex: 'customerCode' },
    { key: 'receivedAt', title: t('putAway.receivedAt'), render: (_, r) => formatDateTime(typeof r.receivedAt === 'string' ? r.receivedAt : null) },
    { key: 'total', title: t('putAway.received'), align: 'right', render: (_, r) => formatNumber(num(r.totalQty)) },
    { key: 'waiting', title: t('putAway.waiting'), align: 'right', render: (_, r) => <strong data-testid={`waiting-${r.billNo}`}>{formatNumber(subQty(num(r.totalQty), num(r.totalPutAway)))}</strong> },
    {
      key: 'action',
      title: t('common.actions'),
      render: (_, r) =>
        can('putAway') ? (
          <Button type="primary" size="small" onClick={() => void putAway(r)} data-testid={`put-away-${r.billNo}`}>
            {t('putAway.action')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="put-away-list">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('putAway.title')}
      </Typography.Title>
      <Card size="small">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <RefSelect entity="warehousearea" value={area} onChange={(v) => (setArea(v as string | undefined), setCurrent(1))} placeholder={t('putAway.area')} testId="put-away-area" />
          </Col>
          <Col xs={24} md={8}>
            <RefSelect entity="customer" value={owner} onChange={(v) => (setOwner(v as string | undefined), setCurrent(1))} placeholder={t('putAway.owner')} testId="put-away-owner" />
          </Col>
        </Row>
      </Card>
      <Card size="small">
        <Table<DocumentListRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={{ current, pageSize: 20, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
          locale={{ emptyText: t('putAway.empty') }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      {open && <ActionDialog def={isinstockbill} doc={open} action="putAway" onClose={() => setOpen(undefined)} />}
    </Space>
  );
};
