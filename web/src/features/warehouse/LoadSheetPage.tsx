import { Button, Card, Descriptions, Space, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loadbill, osoutstockbill, type KitDocument } from '@tpl/contracts';
import { documentApi } from '../../api/documents';
import { documentKeys } from '../../api/queryKeys';
import { formatDateTime, formatNumber } from '../../shared/format';
import { FieldValue } from '../../shared/widgets/FieldValue';
import { DocumentHeading, DocumentScreen } from '../documents/DocumentScreen';
import { useDocumentLabels } from '../documents/labels';
import { loadSheet, type LoadGoods, type LoadedBill } from './load.model';
import './reports/reports.css';

/** An outbound bill by its number (the load bill's lines name them so): the list finds it, the detail gives its goods. */
const billByNumber = async (billNo: string, signal: AbortSignal) => {
  const page = await documentApi.list(osoutstockbill, { billNo, size: 10 }, signal);
  const row = page.records.find((r) => r.billNo === billNo);
  return row ? documentApi.detail(osoutstockbill, row.id, undefined, signal) : null;
};

const HEADER = ['carNo', 'platformNumber', 'driverName', 'driverMobile', 'warehouseAreaCode', 'billDate'] as const;
const TIMES = ['loadingStartTime', 'loadingEndTime', 'shippedAt'] as const;

/**
 * /loadHandle/loadbillFormShow/:id, the load as the driver and the dock see it, read only and
 * printable: the vehicle, dock and driver; each outbound bill on it with its owner, consignee,
 * goods, packages and weight; the load's totals.
 */
export const LoadSheetPage = () => (
  <DocumentScreen def={loadbill} titleKey="warehouse.load.show">
    {(doc) => <LoadSheet doc={doc} />}
  </DocumentScreen>
);

const LoadSheet = ({ doc }: { doc: KitDocument }) => {
  const { t } = useTranslation();
  const labels = useDocumentLabels(loadbill);
  const outbound = useDocumentLabels(osoutstockbill);
  const navigate = useNavigate();
  const lines = (doc.details as Record<string, unknown>[] | undefined) ?? [];
  const bills = useQueries({
    queries: lines.map((l) => ({
      queryKey: [...documentKeys.type(osoutstockbill.name), 'byBillNo', String(l.osBillNo ?? '')],
      queryFn: ({ signal }: { signal: AbortSignal }) => billByNumber(String(l.osBillNo ?? ''), signal),
    })),
  });
  const sheet = loadSheet(lines, bills.map((b) => b.data ?? undefined));
  const goodsField = osoutstockbill.lines!.fields.materialCode!;
  const head = [
    ...HEADER.filter((k) => doc[k]).map((k) => ({
      key: k,
      label: labels.field(k),
      children: <span data-testid={`load-${k}`}><FieldValue def={loadbill} name={k} field={loadbill.header[k]} value={doc[k]} /></span>,
    })),
    ...TIMES.filter((k) => doc[k]).map((k) => ({ key: k, label: labels.field(k), children: <span data-testid={`load-${k}`}>{formatDateTime(doc[k] as string)}</span> })),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="load-sheet">
      <Card size="small">
        <DocumentHeading def={loadbill} doc={doc} title={t('warehouse.load.show')} testId="load">
          <Space className="no-print">
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="load-print">
              {t('warehouse.load.print')}
            </Button>
            <Button onClick={() => navigate(loadbill.routes.view.replace(':id', doc.id))} data-testid="load-back">
              {t('warehouse.load.back')}
            </Button>
          </Space>
        </DocumentHeading>
        <Descriptions size="small" style={{ marginTop: 12 }} column={{ xs: 1, md: 3 }} items={head} />
      </Card>
      {sheet.bills.map((b, i) => (
        <Card
          key={b.osBillNo}
          size="small"
          data-testid={`load-bill-${i}`}
          title={`${t('warehouse.load.bill')} ${b.osBillNo}`}
          extra={<span data-testid={`load-bill-${i}-sum`}>{`${t('warehouse.load.packages')} ${formatNumber(b.packages)} · ${t('warehouse.load.weight')} ${formatNumber(b.weight)}`}</span>}
        >
          <BillParties bill={b} labels={outbound} />
          <Table<LoadGoods & { key: number }>
            size="small"
            pagination={false}
            dataSource={b.goods.map((g, k) => ({ ...g, key: k }))}
            columns={[
              { title: t('warehouse.load.material'), render: (_, g) => <FieldValue def={osoutstockbill} name="materialCode" field={goodsField} value={g.materialCode} /> },
              { title: outbound.field('details', 'batchNo'), dataIndex: 'batchNo' },
              { title: t('warehouse.load.qty'), align: 'right', render: (_, g) => formatNumber(g.qty) },
              { title: t('warehouse.load.weight'), align: 'right', render: (_, g) => formatNumber(g.weg) },
            ]}
          />
        </Card>
      ))}
      <Card size="small">
        <Typography.Text strong data-testid="load-total">
          {t('warehouse.load.total', { bills: sheet.bills.length, packages: formatNumber(sheet.packages), weight: formatNumber(sheet.weight) })}
        </Typography.Text>
      </Card>
    </Space>
  );
};

/** The bill's owner and consignee, as its own description names them. */
const BillParties = ({ bill, labels }: { bill: LoadedBill; labels: ReturnType<typeof useDocumentLabels> }) => {
  const b = bill.bill;
  if (!b) return null;
  const items = (['customerCode', 'receiverName', 'receiverAddress'] as const)
    .filter((k) => b[k] && osoutstockbill.header[k])
    .map((k) => ({ key: k, label: labels.field(k), children: <FieldValue def={osoutstockbill} name={k} field={osoutstockbill.header[k]} value={b[k]} /> }));
  return <Descriptions size="small" column={{ xs: 1, md: 3 }} items={items} style={{ marginBottom: 8 }} />;
};
