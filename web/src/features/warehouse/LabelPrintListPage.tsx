import { useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  LABEL_DOCUMENT_TYPES,
  PAGE_SIZES,
  documentPath,
  isinstockbill,
  packagetemporarybill,
  warehouseScreenRoutes as S,
  type LabelDocumentType,
  type LabelPrintRecord,
  type LabelPrinter,
} from '@tpl/contracts';
import { download, request, type QueryValue } from '../../api/client';
import { formatDateTime } from '../../shared/format';
import { saveFile } from '../../shared/saveFile';
import { Table } from '../../shared/widgets/Table';
import { RefName } from '../../shared/widgets/FieldValue';
import { useDocumentButtons } from '../documents/permissions';

type Page = { records: LabelPrintRecord[]; total: number; size: number; current: number; pages: number };
type Filters = { documentType?: LabelDocumentType; billNo?: string; range?: [Dayjs, Dayjs]; printedBy?: string };

const labelKeys = {
  list: (q: Record<string, QueryValue>) => ['warehouse', 'labelPrintList', q] as const,
  printers: () => ['warehouse', 'labelPrinters'] as const,
};

const DEFS = { isinstockbill, packagetemporarybill } as const;
/** Where a print of each bill type is drawn again. */
const REPRINT: Record<LabelDocumentType, string> = { isinstockbill: S.reprintLabels.path, packagetemporarybill: S.reprintPackageLabel.path };

/**
 * 已打印标签: every label printed in the tenant (receipt labels, temporary package labels), newest
 * first, by bill, with who and when; filtered by bill type, bill number, print day and who printed;
 * a print is reprinted from its row (recorded as a reprint). A cargo owner's user sees its own
 * bills' prints only (the server's wall). docs/DOMAIN.md "Printing".
 */
export const LabelPrintListPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canInbound = useDocumentButtons(isinstockbill);
  const canPackage = useDocumentButtons(packagetemporarybill);
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [busy, setBusy] = useState<string>();
  const query: Record<string, QueryValue> = {
    documentType: filters.documentType,
    billNo: filters.billNo,
    dateFrom: filters.range?.[0].format('YYYY-MM-DD'),
    dateTo: filters.range?.[1].format('YYYY-MM-DD'),
    printedBy: filters.printedBy,
    current: paging.current,
    size: paging.size,
  };
  const page = useQuery({
    queryKey: labelKeys.list(query),
    queryFn: ({ signal }) => request<Page>('GET', S.labelPrintList.path, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const printers = useQuery({ queryKey: labelKeys.printers(), queryFn: ({ signal }) => request<LabelPrinter[]>('GET', S.labelPrinters.path, { signal }) });
  const set = (f: Partial<Filters>) => {
    setFilters((was) => ({ ...was, ...f }));
    setPaging((p) => ({ ...p, current: 1 }));
  };

  const mayReprint = (r: LabelPrintRecord) => r.kind === 'print' && (r.documentType === 'isinstockbill' ? canInbound('print') : canPackage('print'));
  const reprint = async (r: LabelPrintRecord) => {
    // opened within the click, so no pop-up blocker stops it; filled once the PDF is here
    const tab = window.open('', '_blank');
    setBusy(r.id);
    try {
      const file = await download(REPRINT[r.documentType], { query: { id: r.documentId, seq: r.seq }, fallbackName: `${r.billNo}-labels.pdf`, post: {} });
      const url = URL.createObjectURL(file.blob);
      if (tab) tab.location.href = url;
      else saveFile(file);
      void message.success(t('labelPrints.reprinted', { billNo: r.billNo, seq: r.seq }));
      await client.invalidateQueries({ queryKey: ['warehouse', 'labelPrintList'] });
    } catch {
      // the client has shown the server's message
      tab?.close();
    } finally {
      setBusy(undefined);
    }
  };

  const columns: TableColumnsType<LabelPrintRecord> = [
    { key: 'documentType', title: t('labelPrints.fields.documentType'), render: (_, r) => t(`labelPrints.types.${r.documentType}`) },
    {
      key: 'billNo',
      title: t('labelPrints.fields.billNo'),
      render: (_, r) => (
        <Link to={documentPath(DEFS[r.documentType], 'view', r.documentId)} data-testid={`label-print-bill-${r.billNo}-${r.seq}`}>
          {r.billNo}
        </Link>
      ),
    },
    { key: 'customerCode', title: t('labelPrints.fields.customerCode'), render: (_, r) => (r.customerCode ? <RefName entity="customer" code={r.customerCode} /> : t('common.empty')) },
    {
      key: 'kind',
      title: t('labelPrints.fields.kind'),
      render: (_, r) => <span data-testid={`label-print-kind-${r.billNo}-${r.seq}`}>{r.kind === 'print' ? t('labelPrints.kinds.print', { seq: r.seq }) : t('labelPrints.kinds.reprint', { seq: r.seq, of: r.of })}</span>,
    },
    { key: 'labels', title: t('labelPrints.fields.labels'), align: 'right', dataIndex: 'labels' },
    { key: 'printedBy', title: t('labelPrints.fields.printedBy'), render: (_, r) => <span data-testid={`label-print-by-${r.billNo}-${r.seq}`}>{r.printedByName}</span> },
    { key: 'printedAt', title: t('labelPrints.fields.printedAt'), render: (_, r) => formatDateTime(r.printedAt) },
    {
      key: 'action',
      title: t('common.actions'),
      render: (_, r) =>
        mayReprint(r) ? (
          <Button size="small" icon={<PrinterOutlined />} loading={busy === r.id} onClick={() => void reprint(r)} data-testid={`label-print-reprint-${r.billNo}-${r.seq}`}>
            {t('labelPrints.reprint')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="label-print-list">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('labelPrints.title')}
      </Typography.Title>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('labelPrints.fields.documentType')}>
            <Select
              allowClear
              style={{ width: 240 }}
              placeholder={t('labelPrints.allTypes')}
              value={filters.documentType}
              onChange={(v: LabelDocumentType | undefined) => set({ documentType: v ?? undefined })}
              options={LABEL_DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`labelPrints.types.${d}`) }))}
              data-testid="label-print-type"
            />
          </Form.Item>
          <Form.Item label={t('labelPrints.fields.billNo')}>
            <Input.Search allowClear style={{ width: 200 }} onSearch={(v) => set({ billNo: v.trim() || undefined })} data-testid="label-print-billno" />
          </Form.Item>
          <Form.Item label={t('labelPrints.fields.printedAt')}>
            <DatePicker.RangePicker value={filters.range} onChange={(r) => set({ range: r && r[0] && r[1] ? [r[0], r[1]] : undefined })} data-testid="label-print-range" />
          </Form.Item>
          <Form.Item label={t('labelPrints.fields.printedBy')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 200 }}
              placeholder={t('labelPrints.anyone')}
              value={filters.printedBy}
              onChange={(v: string | undefined) => set({ printedBy: v ?? undefined })}
              options={(printers.data ?? []).map((p) => ({ value: p.account, label: p.name }))}
              data-testid="label-print-by"
            />
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        <Table<LabelPrintRecord>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('labelPrints.empty') }}
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

