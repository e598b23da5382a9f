import type { ReactNode } from 'react';
import { Card, Descriptions, Space, Table } from 'antd';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import type { Actor, Consignment, ConsignmentLine } from '@tpl/contracts';
import { formatDateTime, formatNumber } from '../../../shared/format';
import { lineFields, partyFields } from './formValues';
import { useConsignmentLabels } from './labels';
import { StateTag } from './StateTag';

type Item = NonNullable<DescriptionsProps['items']>[number];
type LineRow = ConsignmentLine & { index: number };

const actorName = (actor: Actor | undefined) => actor?.name || actor?.account || '';
type TotalKey = keyof Consignment['totals'];

/** Every field of one consignment order (current or as of an event), read only. */
export const ConsignmentDetails = ({ doc }: { doc: Consignment }) => {
  const labels = useConsignmentLabels();
  const { t } = labels;
  const item = (key: string, label: string, children: ReactNode, span?: number): Item => ({ key, label, children, span });

  const basic: Item[] = [
    item('billNo', labels.field('billNo'), <span data-testid="detail-billNo">{doc.billNo}</span>),
    item('state', labels.field('state'), <StateTag state={doc.state} />),
    item('version', labels.field('version'), doc.version),
    item('billDate', labels.field('billDate'), doc.billDate),
    item('customerCode', labels.field('customerCode'), doc.customerCode),
    item('deliveryMode', labels.field('deliveryMode'), labels.deliveryMode(doc.deliveryMode)),
    item('plannedDate', labels.field('plannedDate'), doc.plannedDate),
    item('remark', labels.field('remark'), doc.remark ?? '', 2),
  ];

  const party = (which: 'consignor' | 'consignee'): Item[] =>
    partyFields.map((key) => item(`${which}.${key}`, labels.field(which, key), doc[which][key], key === 'address' ? 3 : 1));

  const transport: Item[] = [
    ...(doc.dispatch
      ? [
          item('plateNo', labels.field('plateNo'), <span data-testid="detail-plateNo">{doc.dispatch.plateNo}</span>),
          item('driverName', labels.field('driverName'), doc.dispatch.driverName),
          item('driverMobile', labels.field('driverMobile'), doc.dispatch.driverMobile),
          item('dispatchedAt', labels.field('dispatchedAt'), formatDateTime(doc.dispatch.dispatchedAt)),
        ]
      : []),
    ...(doc.loadedAt ? [item('loadedAt', labels.field('loadedAt'), formatDateTime(doc.loadedAt))] : []),
    ...(doc.arrivedAt ? [item('arrivedAt', labels.field('arrivedAt'), formatDateTime(doc.arrivedAt))] : []),
    ...(doc.signer ? [item('signer', labels.field('signer'), <span data-testid="detail-signer">{doc.signer}</span>)] : []),
    ...(doc.signedAt ? [item('signedAt', labels.field('signedAt'), formatDateTime(doc.signedAt))] : []),
    ...(doc.cancelledAt ? [item('cancelledAt', labels.field('cancelledAt'), formatDateTime(doc.cancelledAt))] : []),
    ...(doc.cancelledAt || doc.cancelReason ? [item('cancelReason', labels.field('cancelReason'), doc.cancelReason ?? '')] : []),
  ];

  const record: Item[] = [
    item('createdBy', labels.field('createdBy'), actorName(doc.createdBy)),
    item('createdAt', labels.field('createdAt'), formatDateTime(doc.createdAt)),
    item('updatedBy', labels.field('updatedBy'), actorName(doc.updatedBy)),
    item('updatedAt', labels.field('updatedAt'), formatDateTime(doc.updatedAt)),
    ...(doc.auditedBy ? [item('auditedBy', labels.field('auditedBy'), actorName(doc.auditedBy))] : []),
    ...(doc.auditedAt ? [item('auditedAt', labels.field('auditedAt'), formatDateTime(doc.auditedAt))] : []),
  ];

  const numeric = (key: keyof ConsignmentLine) => key !== 'materialCode' && key !== 'name';
  const lineColumns: TableColumnsType<LineRow> = [
    { key: 'index', title: t('common.rowNumber'), dataIndex: 'index', width: 56 },
    ...lineFields.map((key) => ({
      key,
      dataIndex: key,
      title: labels.field('lines', key),
      align: numeric(key) ? ('right' as const) : undefined,
      render: (value: string | number) => (typeof value === 'number' ? formatNumber(value) : value),
    })),
  ];
  // the totals sit under the line fields of the same name (qty, weg, volume, packages)
  const isTotal = (key: keyof ConsignmentLine): key is keyof ConsignmentLine & TotalKey => key in doc.totals;
  const firstTotal = lineFields.findIndex(isTotal) + 1; // + the index column
  const totalsRow = (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={firstTotal}>
        <strong>{t('consignment.sections.total')}</strong>
      </Table.Summary.Cell>
      {lineFields.filter(isTotal).map((key, i) => (
        <Table.Summary.Cell key={key} index={firstTotal + i} align="right">
          <strong data-testid={`total-${key}`}>{formatNumber(doc.totals[key])}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="consignment-details">
      <Card size="small" title={t('consignment.sections.basic')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} items={basic} />
      </Card>
      <Card size="small" title={labels.field('consignor')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} items={party('consignor')} />
      </Card>
      <Card size="small" title={labels.field('consignee')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} items={party('consignee')} />
      </Card>
      <Card size="small" title={t('consignment.sections.lines')}>
        <Table<LineRow>
          rowKey="index"
          size="small"
          pagination={false}
          columns={lineColumns}
          dataSource={doc.lines.map((line, i) => ({ ...line, index: i + 1 }))}
          summary={() => totalsRow}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      {transport.length > 0 && (
        <Card size="small" title={t('consignment.sections.transport')} data-testid="transport-info">
          <Descriptions size="small" column={{ xs: 1, md: 3 }} items={transport} />
        </Card>
      )}
      <Card size="small" title={t('consignment.sections.audit')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} items={record} />
      </Card>
    </Space>
  );
};
