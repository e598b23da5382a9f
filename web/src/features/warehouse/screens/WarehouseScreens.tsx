import { useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Image, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentByName,
  labelIn,
  warehouseScreenRoutes as S,
  type DocumentDef,
  type KitDocument,
  type LabelPrintEntry,
  type PreparationRow,
} from '@tpl/contracts';
import { ApiError, download, request } from '../../../api/client';
import { routesOf, type DocumentListRow } from '../../../api/documents';
import { currentLanguage } from '../../../i18n';
import { documentKeys } from '../../../api/queryKeys';
import { formatDateTime, formatNumber } from '../../../shared/format';
import { saveFile } from '../../../shared/saveFile';
import { AttachmentPreview } from '../../../shared/widgets/AttachmentInput';
import { DocLink } from '../../../shared/widgets/DocLink';
import { FieldValue, RefName } from '../../../shared/widgets/FieldValue';
import { useDocumentLabels } from '../../documents/labels';
import { useDocumentButtons } from '../../documents/permissions';
import { StateTag } from '../../documents/StateTag';
import { imagesOf } from './images';
import { screenPage, type ScreenBody } from './ScreenFrame';

const screenKeys = {
  labelPrints: (id: string) => ['warehouse', 'labelPrints', id] as const,
  preparation: (id: string) => ['warehouse', 'preparation', id] as const,
};

type Line = Record<string, unknown> & { lineNumber: number };
const linesOf = (def: DocumentDef, doc: KitDocument): Line[] => ((def.lines ? (doc[def.lines.key] as Line[] | undefined) : undefined) ?? []);

/** One line field of the document shown as its view shows it (names beside codes, dates, numbers). */
const LineValue = ({ def, line, name }: { def: DocumentDef; line: Line; name: string }) => <FieldValue def={def} name={name} field={def.lines?.fields[name]} value={line[name]} />;

// ------------------------------------------------------------------------------------------ batches

const BATCH_FIELDS = ['materialCode', 'batchNo', 'customerBatchNo', 'productionDate', 'expiringDate', 'qty', 'unitCode'] as const;

const Batches = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t, field } = useDocumentLabels(def);
  return (
    <Card size="small">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t(doc.state === 'Draft' ? 'whScreens.batches.editable' : 'whScreens.batches.fixed')} />
      <Table<Line>
        size="small"
        pagination={false}
        rowKey="lineNumber"
        dataSource={linesOf(def, doc)}
        data-testid="batches-table"
        columns={[
          { title: t('whScreens.cols.line'), dataIndex: 'lineNumber', width: 64 },
          ...BATCH_FIELDS.map((name) => ({
            title: field(def.lines!.key, name),
            key: name,
            ...(name === 'qty' ? { align: 'right' as const } : {}),
            render: (_: unknown, line: Line) => (
              <span data-testid={`batch-${line.lineNumber}-${name}`}>
                <LineValue def={def} line={line} name={name} />
              </span>
            ),
          })),
        ]}
      />
    </Card>
  );
};

/** /warehousingManagement/stockBatchForm/:id — the batches of an inbound bill's goods, line by line (read only: docs/DOMAIN.md). */
export const StockBatchPage = screenPage('isinstockbill', 'whScreens.batches.title', 'screen-batches', Batches);

// ------------------------------------------------------------------------------------------ incidental fees

/** What billing charged for the bill: its handling bills (装卸费单) that name it, through billing's own list. */
const FeesOf = ({ doc }: ScreenBody) => {
  const { t } = useTranslation();
  const fees = documentByName('handlingbill');
  const query = { relatedBillNo: doc.billNo, size: 50 };
  const list = useQuery({
    queryKey: documentKeys.list('handlingbill', query),
    queryFn: ({ signal }) => request<{ records: DocumentListRow[] }>('GET', routesOf(fees!).list!.path, { query, signal, notify: false }),
    enabled: Boolean(fees),
    retry: false,
  });
  if (!fees) return null;
  if (list.error) {
    const denied = list.error instanceof ApiError && list.error.code === 403;
    return <Alert type={denied ? 'warning' : 'error'} showIcon data-testid="fees-unavailable" title={denied ? t('whScreens.fees.denied') : list.error.message} />;
  }
  // the filter matches a part of the number: only this bill's
  const rows = (list.data?.records ?? []).filter((r) => r.relatedBillNo === doc.billNo);
  const counted = rows.filter((r) => r.state === 'Audited');
  const total = counted.reduce((sum, r) => sum + Number(r.amount ?? 0), 0);
  const value = (r: DocumentListRow, name: string) => <FieldValue def={fees} name={name} field={fees.header[name] as never} value={r[name]} />;
  return (
    <Card
      size="small"
      title={t('whScreens.fees.handling')}
      extra={
        <Tag color="blue" data-testid="fees-total">
          {t('whScreens.fees.total', { amount: formatNumber(Math.round(total * 100) / 100) })}
        </Tag>
      }
    >
      <Typography.Paragraph type="secondary">{t('whScreens.fees.intro')}</Typography.Paragraph>
      <Table<DocumentListRow>
        size="small"
        pagination={false}
        rowKey="id"
        loading={list.isPending}
        dataSource={rows}
        data-testid="fees-table"
        locale={{ emptyText: <Empty description={t('whScreens.fees.none')} /> }}
        columns={[
          { title: t('handlingbill.fields.billNo'), render: (_, r) => <DocLink document="handlingbill" value={r.billNo} /> },
          { title: t('handlingbill.fields.billDate'), dataIndex: 'billDate' },
          { title: t('handlingbill.fields.handlingType'), render: (_, r) => <span data-testid={`fee-${r.billNo}-type`}>{value(r, 'handlingType')}</span> },
          { title: t('handlingbill.fields.qty'), align: 'right', render: (_, r) => value(r, 'qty') },
          { title: t('handlingbill.fields.unitCode'), render: (_, r) => value(r, 'unitCode') },
          { title: t('handlingbill.fields.price'), align: 'right', render: (_, r) => value(r, 'price') },
          { title: t('handlingbill.fields.amount'), align: 'right', render: (_, r) => <span data-testid={`fee-${r.billNo}-amount`}>{value(r, 'amount')}</span> },
          { title: t('whScreens.cols.state'), render: (_, r) => <StateTag def={fees} state={r.state} /> },
        ]}
      />
    </Card>
  );
};

/** /warehousingManagement/inStockZFItemView/:id — an inbound bill's incidental fees (杂费), read from billing. */
export const InboundFeesPage = screenPage('isinstockbill', 'whScreens.fees.title', 'screen-fees', FeesOf);

// ------------------------------------------------------------------------------------------ printed labels

/** Where a document's label history and reprint are: the inbound bill's receipt labels, the temporary package's label. */
const LABEL_CALLS: Record<string, { history: string; reprint: string }> = {
  isinstockbill: { history: S.labelPrints.path, reprint: S.reprintLabels.path },
  packagetemporarybill: { history: S.packageLabelPrints.path, reprint: S.reprintPackageLabel.path },
};

const Prints = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t } = useTranslation();
  const calls = LABEL_CALLS[def.name]!;
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useDocumentButtons(def);
  const [busy, setBusy] = useState<number>();
  const prints = useQuery({
    queryKey: screenKeys.labelPrints(doc.id),
    queryFn: ({ signal }) => request<LabelPrintEntry[]>('GET', calls.history, { query: { id: doc.id }, signal }),
  });
  const reprint = async (seq: number) => {
    // opened within the click, so no pop-up blocker stops it; filled once the PDF is here
    const tab = window.open('', '_blank');
    setBusy(seq);
    try {
      const file = await download(calls.reprint, { query: { id: doc.id, seq }, fallbackName: `${doc.billNo}-labels.pdf`, post: {} });
      const url = URL.createObjectURL(file.blob);
      if (tab) tab.location.href = url;
      else saveFile(file);
      void message.success(t('whScreens.labels.reprinted', { n: seq }));
      await client.invalidateQueries({ queryKey: screenKeys.labelPrints(doc.id) });
    } catch {
      // the client has shown the server's message
      tab?.close();
    } finally {
      setBusy(undefined);
    }
  };
  if (prints.isPending) return <Card size="small" loading />;
  const entries = prints.data ?? [];
  if (!entries.length) return <Empty description={t('whScreens.labels.none')} data-testid="labels-none" />;
  return (
    <>
      {entries.map((p) => (
        <Card
          key={p.seq}
          size="small"
          data-testid={`print-${p.seq}`}
          title={
            <Space>
              {p.kind === 'print' ? t('whScreens.labels.print', { n: p.seq }) : t('whScreens.labels.reprint', { n: p.seq, of: p.of })}
              <Typography.Text type="secondary">{t('whScreens.labels.byAt', { by: p.by, at: formatDateTime(p.at) })}</Typography.Text>
            </Space>
          }
          extra={
            p.kind === 'print' && can('print') ? (
              <Button icon={<PrinterOutlined />} loading={busy === p.seq} onClick={() => void reprint(p.seq)} data-testid={`reprint-${p.seq}`}>
                {t('whScreens.labels.reprintButton')}
              </Button>
            ) : null
          }
        >
          <Table
            size="small"
            pagination={false}
            rowKey="lineNumber"
            dataSource={p.rows}
            columns={[
              { title: t('whScreens.cols.line'), dataIndex: 'lineNumber', width: 64 },
              { title: t('whScreens.cols.barcode'), render: (_, r) => <Typography.Text code data-testid={`print-${p.seq}-barcode-${r.lineNumber}`}>{r.barcode}</Typography.Text> },
              // a package's label is the package as a whole (its row names no line of its own)
              { title: t('whScreens.cols.material'), render: (_, r) => (r.lineNumber === 0 ? t('packages.wholePackage') : `${r.materialCode} ${r.materialName}`.trim()) },
              { title: t('whScreens.cols.batch'), render: (_, r) => r.batchNo || t('common.empty') },
              { title: t('whScreens.cols.qty'), align: 'right', render: (_, r) => formatNumber(r.printQty) },
              { title: t('whScreens.cols.labels'), align: 'right', render: (_, r) => <span data-testid={`print-${p.seq}-labels-${r.lineNumber}`}>{r.labels}</span> },
            ]}
          />
        </Card>
      ))}
    </>
  );
};

/** /warehousingManagement/barcodePrintView/:id — every label printed for an inbound bill, print by print, with reprint. */
export const PrintedLabelsPage = screenPage('isinstockbill', 'whScreens.labels.title', 'screen-labels', Prints);
/** /otherBill/packagetemporarybillBarcodeView/:id — a temporary package's label, print by print, with reprint. */
export const PrintedPackageLabelsPage = screenPage('packagetemporarybill', 'whScreens.labels.title', 'screen-labels', Prints);

// ------------------------------------------------------------------------------------------ stock preparation

const STATUS_COLOURS: Record<PreparationRow['status'], string> = { toPick: 'orange', picked: 'blue', shipped: 'green' };

const Preparation = ({ doc }: ScreenBody) => {
  const { t } = useTranslation();
  const rows = useQuery({
    queryKey: screenKeys.preparation(doc.id),
    queryFn: ({ signal }) => request<PreparationRow[]>('GET', S.outboundPreparation.path, { query: { id: doc.id }, signal }),
  });
  const data = rows.data ?? [];
  const total = data.reduce((sum, r) => sum + r.qty, 0);
  return (
    <Card size="small" extra={<Tag data-testid="preparation-total">{t('whScreens.preparation.total', { qty: formatNumber(total) })}</Tag>}>
      <Table<PreparationRow>
        size="small"
        pagination={false}
        rowKey={(r) => `${r.lineNumber}-${r.warehousePlaceCode}-${r.barcode}-${r.batchNo}`}
        loading={rows.isPending}
        dataSource={data}
        data-testid="preparation-table"
        locale={{ emptyText: <Empty description={t('whScreens.preparation.none')} /> }}
        columns={[
          { title: t('whScreens.cols.line'), dataIndex: 'lineNumber', width: 64 },
          { title: t('whScreens.cols.place'), render: (_, r) => <span data-testid={`prep-${r.lineNumber}-place`}><RefName entity="warehouseplace" code={r.warehousePlaceCode} /></span> },
          { title: t('whScreens.cols.barcode'), render: (_, r) => <Typography.Text code>{r.barcode}</Typography.Text> },
          { title: t('whScreens.cols.material'), render: (_, r) => `${r.materialCode} ${r.materialName}`.trim() },
          { title: t('whScreens.cols.batch'), render: (_, r) => r.batchNo || t('common.empty') },
          { title: t('whScreens.cols.qty'), align: 'right', render: (_, r) => <span data-testid={`prep-${r.lineNumber}-qty`}>{formatNumber(r.qty)}</span> },
          { title: t('whScreens.cols.status'), render: (_, r) => <Tag color={STATUS_COLOURS[r.status]} data-testid={`prep-${r.lineNumber}-status`} data-status={r.status}>{t(`whScreens.preparation.status.${r.status}`)}</Tag> },
        ]}
      />
    </Card>
  );
};

/** /outWarehouseManagement/osoutstockbillFormBhView/:id — an outbound bill's stock preparation (备货). */
export const PreparationPage = screenPage('osoutstockbill', 'whScreens.preparation.title', 'screen-preparation', Preparation);

// ------------------------------------------------------------------------------------------ photos

const Photos = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const images = imagesOf(def, doc);
  if (!images.length) return <Empty description={t('whScreens.images.none')} data-testid="images-none" />;
  return (
    <Card size="small">
      <Image.PreviewGroup>
        <Space wrap size="large" data-testid="images">
          {images.map((img, i) => (
            <Space key={img.id} orientation="vertical" align="center" data-testid={`image-${i}`}>
              <AttachmentPreview id={img.id} image width={180} testId={`image-${i}-img`} />
              <Typography.Text type="secondary">
                {img.lineNumber !== undefined ? t('whScreens.images.ofLine', { label: labelIn(img.label, lang), line: img.lineNumber }) : labelIn(img.label, lang)}
              </Typography.Text>
            </Space>
          ))}
        </Space>
      </Image.PreviewGroup>
    </Card>
  );
};

/** /inWarehouseManagement/showImage/:type/:id — every image of a warehouse document, full size on click. */
export const ShowImagePage = screenPage(undefined, 'whScreens.images.title', 'screen-images', Photos);
