import { useState } from 'react';
import { Alert, Card, Empty, Form, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { productionRoutes as R, type Genealogy, type GenealogyLink, type KnownLot } from '@tpl/contracts';
import { request } from '../../api/client';
import { formatDateTime, formatNumber } from '../../shared/format';
import { DocLink } from '../../shared/widgets/DocLink';
import { RefName } from '../../shared/widgets/FieldValue';
import { RefSelect } from '../../shared/widgets/RefSelect';
import { Table } from '../../shared/widgets/Table';

type Lot = { customerCode: string; materialCode: string; batchNo: string };
const F = 'production.genealogy.fields';

/**
 * /secondaryProcessing/batchForm — a lot's genealogy: the cargo owner and material picked, then
 * one of the lots production knows; above, the raw lots it was made from; below, the finished lots
 * it went into. A lot in either table traces on. A cargo owner's user sees its own lots only (the
 * server's owner scope).
 */
export const GenealogyPage = () => {
  const { t } = useTranslation();
  const [owner, setOwner] = useState<string>();
  const [material, setMaterial] = useState<string>();
  const [lot, setLot] = useState<Lot>();

  const lots = useQuery({
    queryKey: ['production', 'lots', owner, material],
    queryFn: ({ signal }) => request<KnownLot[]>('GET', R.genealogyLots.path, { query: { customerCode: owner, materialCode: material }, signal }),
    enabled: Boolean(owner && material),
  });
  const genealogy = useQuery({
    queryKey: ['production', 'genealogy', lot],
    queryFn: ({ signal }) => request<Genealogy>('GET', R.genealogy.path, { query: { ...lot! }, signal }),
    enabled: Boolean(lot),
  });

  const trace = (next: Lot) => {
    setOwner(next.customerCode);
    setMaterial(next.materialCode);
    setLot(next);
  };
  const lotLink = (materialCode: string, batchNo: string, customerCode: string, testId: string) => (
    <Typography.Link data-testid={testId} onClick={() => trace({ customerCode, materialCode, batchNo })}>
      {batchNo || '-'}
    </Typography.Link>
  );
  const task = { title: t(`${F}.taskBillNo`), key: 'task', render: (_: unknown, l: GenealogyLink) => <DocLink document="secproductive" value={l.taskBillNo} /> };
  const at = { title: t(`${F}.receivedAt`), key: 'at', render: (_: unknown, l: GenealogyLink) => formatDateTime(l.receivedAt) };
  const options = [...new Map((lots.data ?? []).map((l) => [l.batchNo, l])).values()].map((l) => ({
    value: l.batchNo,
    label: `${l.batchNo || '-'} (${(lots.data ?? []).filter((x) => x.batchNo === l.batchNo).map((x) => t(`genealogy.${x.kind}`)).join(' / ')})`,
  }));

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="genealogy-page">
      <Alert type="info" showIcon title={t('genealogy.intro')} />
      <Card size="small">
        <Form layout="inline">
          <Form.Item label={t(`${F}.customerCode`)}>
            <RefSelect entity="customer" value={owner ?? null} testId="genealogy-owner" style={{ width: 240 }} onChange={(v) => { setOwner(v as string | undefined); setMaterial(undefined); setLot(undefined); }} />
          </Form.Item>
          <Form.Item label={t(`${F}.materialCode`)}>
            <RefSelect entity="material" value={material ?? null} testId="genealogy-material" style={{ width: 280 }} disabled={!owner} pick={owner ? { custCode: owner } : undefined} onChange={(v) => { setMaterial(v as string | undefined); setLot(undefined); }} />
          </Form.Item>
          <Form.Item label={t('genealogy.lot')}>
            <Select
              data-testid="genealogy-lot"
              style={{ width: 260 }}
              placeholder={t('genealogy.pickLot')}
              disabled={!owner || !material}
              loading={lots.isFetching}
              value={lot && lot.materialCode === material ? lot.batchNo : undefined}
              options={options}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('genealogy.noLots')} />}
              onChange={(batchNo: string) => owner && material && setLot({ customerCode: owner, materialCode: material, batchNo })}
            />
          </Form.Item>
        </Form>
      </Card>
      {lot && (
        <>
          <Card size="small" title={t('genealogy.madeFrom')}>
            <Table<GenealogyLink>
              size="small"
              pagination={false}
              rowKey={(l) => `${l.taskId}|${l.rawMaterialCode}|${l.rawBatchNo}|${l.rawBarcode}`}
              loading={genealogy.isPending}
              dataSource={genealogy.data?.madeFrom ?? []}
              data-testid="genealogy-made-from"
              locale={{ emptyText: <Empty description={t('genealogy.noneMadeFrom')} /> }}
              columns={[
                { title: t(`${F}.rawMaterialCode`), key: 'material', render: (_, l) => <RefName entity="material" code={l.rawMaterialCode} /> },
                { title: t(`${F}.rawBatchNo`), key: 'lot', render: (_, l) => lotLink(l.rawMaterialCode, l.rawBatchNo, l.customerCode, `made-from-lot-${l.rawBatchNo}`) },
                { title: t(`${F}.rawBarcode`), dataIndex: 'rawBarcode' },
                { title: t(`${F}.rawQty`), key: 'qty', align: 'right', render: (_, l) => formatNumber(l.rawQty) },
                task,
                { title: t(`${F}.productQty`), key: 'made', align: 'right', render: (_, l) => formatNumber(l.productQty) },
                at,
              ]}
            />
          </Card>
          <Card size="small" title={t('genealogy.wentInto')}>
            <Table<GenealogyLink>
              size="small"
              pagination={false}
              rowKey={(l) => `${l.taskId}|${l.productMaterialCode}|${l.productBatchNo}|${l.rawBarcode}`}
              loading={genealogy.isPending}
              dataSource={genealogy.data?.wentInto ?? []}
              data-testid="genealogy-went-into"
              locale={{ emptyText: <Empty description={t('genealogy.noneWentInto')} /> }}
              columns={[
                { title: t(`${F}.productMaterialCode`), key: 'material', render: (_, l) => <RefName entity="material" code={l.productMaterialCode} /> },
                { title: t(`${F}.productBatchNo`), key: 'lot', render: (_, l) => lotLink(l.productMaterialCode, l.productBatchNo, l.customerCode, `went-into-lot-${l.productBatchNo}`) },
                { title: t(`${F}.productQty`), key: 'qty', align: 'right', render: (_, l) => formatNumber(l.productQty) },
                { title: t(`${F}.rawQty`), key: 'used', align: 'right', render: (_, l) => formatNumber(l.rawQty) },
                task,
                at,
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
};
