import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { billingRoutes as routes, type ChargeItem, type ChargeKind, type DocumentDef, type ExplainFact, type ExplainResult, type KitDocument } from '@tpl/contracts';
import { request } from '../../api/client';
import { formatDateTime, formatNumber } from '../../shared/format';
import { FieldValue } from '../../shared/widgets/FieldValue';
import { useDocumentLabels } from '../documents/labels';
import { chargesOf, handlingRows, money, stampTime, versionOf, type DetailLine, type HandlingRow } from './explain.model';
import { RefName } from '../../shared/widgets/FieldValue';

type Opened = { line: number; kind: ChargeKind; amount: number };
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const explain = (id: string, line: number, kind: ChargeKind, signal?: AbortSignal) =>
  request<ExplainResult>('GET', routes.explainMonthBill.path, { query: { id, line, kind }, signal, timeoutMs: 30_000 });

/** The agreement an item was priced by: its code and name, and when the version it used was written ("版本 2026-11-28 14:10:04"). */
const AgreementVersion = ({ item }: { item: { agreementCode: string | null; agreementVersion: string | null } }) => {
  const { t } = useTranslation();
  if (!item.agreementCode) return <>{t('common.empty')}</>;
  return (
    <span data-testid="explain-agreement" title={versionOf(item)}>
      <RefName entity="lgagreement" code={item.agreementCode} />
      {item.agreementVersion && ` · ${t('billingExplain.versionAt', { time: stampTime(item.agreementVersion) })}`}
    </span>
  );
};

/** The facts under a storage day or an other charge: the documents and stream lines behind it. */
const FactsTable = ({ facts, testId }: { facts: ExplainFact[]; testId: string }) => {
  const { t } = useTranslation();
  return (
    <Table<ExplainFact>
      size="small"
      pagination={false}
      data-testid={testId}
      rowKey={(f) => `${f.eventId}:${f.documentId}:${f.lineNumber ?? ''}`}
      dataSource={facts}
      columns={[
        { title: t('billingExplain.cols.document'), render: (_, f) => t(`${f.documentType}.title`, { defaultValue: f.documentType }) },
        { title: t('billingExplain.cols.billNo'), dataIndex: 'billNo' },
        { title: t('billingExplain.cols.line'), dataIndex: 'lineNumber' },
        { title: t('billingExplain.cols.at'), onCell: () => ({ style: NOWRAP }), render: (_, f) => formatDateTime(f.effectiveAt) },
        { title: t('billingExplain.cols.movement'), render: (_, f) => f.movement === 'DOCUMENT' ? t('billingExplain.document') : t(`stockReport.movement.${f.movement}`, { defaultValue: f.movement }) },
        { title: t('billingExplain.cols.material'), onCell: () => ({ style: NOWRAP }), render: (_, f) => (f.materialCode ? <RefName entity="material" code={f.materialCode} /> : t('common.empty')) },
        { title: t('billingExplain.cols.qty'), align: 'right', render: (_, f) => formatNumber(f.qty) },
        { title: t('billingExplain.cols.weight'), align: 'right', render: (_, f) => formatNumber(f.weight) },
        ...(facts.some((f) => f.amount !== undefined) ? [{ title: t('billingExplain.cols.amount'), align: 'right' as const, render: (_: unknown, f: ExplainFact) => money(f.amount) }] : []),
      ]}
    />
  );
};

/** Storage: one row per day (the stock at the day's end, its tier and price, the agreement version), each opening that day's stream lines. */
const StorageDays = ({ items }: { items: ChargeItem[] }) => {
  const { t } = useTranslation();
  return (
    <Table<ChargeItem>
      size="small"
      pagination={false}
      data-testid="explain-days"
      scroll={{ x: 'max-content' }}
      rowKey={(i) => `${i.month}:${i.day}:${i.warehouseAreaCode}`}
      dataSource={items}
      onRow={(i) => ({ 'data-day': i.day ?? '' }) as React.HTMLAttributes<HTMLElement>}
      expandable={{
        rowExpandable: (i) => i.facts.length > 0,
        expandedRowRender: (i) => <FactsTable facts={i.facts} testId={`explain-day-facts-${i.day}`} />,
      }}
      columns={[
        { title: t('billingExplain.cols.day'), dataIndex: 'day', width: 110, onCell: () => ({ style: NOWRAP }) },
        { title: t('billingExplain.cols.area'), onCell: () => ({ style: NOWRAP }), render: (_, i) => (i.warehouseAreaCode ? <RefName entity="warehousearea" code={i.warehouseAreaCode} /> : t('common.empty')) },
        { title: t('billingExplain.cols.stockQty'), align: 'right', render: (_, i) => formatNumber(i.qty) },
        { title: t('billingExplain.cols.stockWeight'), align: 'right', render: (_, i) => formatNumber(i.weight) },
        { title: t('billingExplain.cols.billed'), align: 'right', render: (_, i) => `${formatNumber(i.quantity)} ${i.basis ? t(`billingExplain.units.${i.basis}`) : ''}` },
        { title: t('billingExplain.cols.tier'), render: (_, i) => (i.stage ? t('billingExplain.tier', { n: i.stage }) : t('billingExplain.flat')) },
        { title: t('billingExplain.cols.price'), align: 'right', render: (_, i) => formatNumber(i.price) },
        { title: t('billingExplain.cols.agreement'), onCell: () => ({ style: NOWRAP }), render: (_, i) => <AgreementVersion item={i} /> },
        { title: t('billingExplain.cols.amount'), align: 'right', render: (_, i) => <span data-testid="explain-day-amount">{money(i.amount)}</span> },
      ]}
    />
  );
};

/** Handling: the stream lines (receipt or shipment lines with the handling flag), grouped by the day's charge they were priced in. */
const HandlingLines = ({ items }: { items: ChargeItem[] }) => {
  const { t } = useTranslation();
  const span = (r: HandlingRow) => ({ rowSpan: r.span, style: NOWRAP });
  return (
    <Table<HandlingRow>
      size="small"
      pagination={false}
      bordered
      data-testid="explain-stream-lines"
      scroll={{ x: 'max-content' }}
      rowKey="key"
      dataSource={handlingRows(items)}
      columns={[
        { title: t('billingExplain.cols.billNo'), dataIndex: 'billNo', render: (v: string) => <span data-testid="explain-line-billNo">{v}</span> },
        { title: t('billingExplain.cols.line'), dataIndex: 'lineNumber' },
        { title: t('billingExplain.cols.at'), onCell: () => ({ style: NOWRAP }), render: (_, r) => formatDateTime(r.effectiveAt) },
        { title: t('billingExplain.cols.material'), onCell: () => ({ style: NOWRAP }), render: (_, r) => (r.materialCode ? <RefName entity="material" code={r.materialCode} /> : t('common.empty')) },
        { title: t('billingExplain.cols.qty'), align: 'right', render: (_, r) => formatNumber(r.qty) },
        { title: t('billingExplain.cols.weight'), align: 'right', render: (_, r) => formatNumber(r.weight) },
        { title: t('billingExplain.cols.price'), align: 'right', render: (_, r) => formatNumber(r.price) },
        { title: t('billingExplain.cols.day'), dataIndex: 'day', onCell: span },
        { title: t('billingExplain.cols.dayWeight'), align: 'right', onCell: span, render: (_, r) => formatNumber(r.itemWeight) },
        { title: t('billingExplain.cols.agreement'), onCell: span, render: (_, r) => <AgreementVersion item={r} /> },
        { title: t('billingExplain.cols.dayAmount'), align: 'right', onCell: span, render: (_, r) => money(r.itemAmount) },
      ]}
    />
  );
};

/** Other charges (and anything without days): one row per item with the document behind it. */
const OtherItems = ({ items }: { items: ChargeItem[] }) => (
  <FactsTable facts={items.flatMap((i) => i.facts.map((f) => ({ ...f, amount: f.amount ?? i.amount })))} testId="explain-documents" />
);

/** Package materials: one row per packing-material line of a shipment or package, with the agreement's price. */
const PackageItems = ({ items }: { items: ChargeItem[] }) => {
  const { t } = useTranslation();
  const rows = items.flatMap((i, k) => i.facts.map((f) => ({ ...f, key: `${k}:${f.eventId}:${f.lineNumber ?? ''}`, day: i.day, price: i.price, itemAmount: i.amount, agreementCode: i.agreementCode, agreementVersion: i.agreementVersion })));
  return (
    <Table
      size="small"
      pagination={false}
      data-testid="explain-packages"
      scroll={{ x: 'max-content' }}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: t('billingExplain.cols.day'), dataIndex: 'day', onCell: () => ({ style: NOWRAP }) },
        { title: t('billingExplain.cols.document'), render: (_, f) => t(`${f.documentType}.title`, { defaultValue: f.documentType }) },
        { title: t('billingExplain.cols.billNo'), dataIndex: 'billNo', render: (v: string) => <span data-testid="explain-package-billNo">{v}</span> },
        { title: t('billingExplain.cols.material'), onCell: () => ({ style: NOWRAP }), render: (_, f) => (f.materialCode ? <RefName entity="material" code={f.materialCode} /> : t('common.empty')) },
        { title: t('billingExplain.cols.qty'), align: 'right', render: (_, f) => formatNumber(f.qty) },
        { title: t('billingExplain.cols.price'), align: 'right', render: (_, f) => formatNumber(f.price) },
        { title: t('billingExplain.cols.agreement'), onCell: () => ({ style: NOWRAP }), render: (_, f) => <AgreementVersion item={f} /> },
        { title: t('billingExplain.cols.amount'), align: 'right', render: (_, f) => <span data-testid="explain-package-amount">{money(f.itemAmount)}</span> },
      ]}
    />
  );
};

/** The drawer: what one charge of one detail line is made of, read from the explain API (within the caller's scopes). */
export const ExplainDrawer = ({ doc, opened, onClose }: { doc: KitDocument; opened: Opened | undefined; onClose: () => void }) => {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['billing', 'explain', doc.id, doc.version, opened?.line, opened?.kind],
    queryFn: ({ signal }) => explain(doc.id, opened!.line, opened!.kind, signal),
    enabled: opened !== undefined,
  });
  const items = q.data?.items ?? [];
  const adjustments = items.filter((i) => i.adjustment);
  return (
    <Drawer
      open={opened !== undefined}
      onClose={onClose}
      size="min(1200px, 100vw)"
      title={opened ? t('billingExplain.drawerTitle', { kind: t(`billingReport.chargeKinds.states.${opened.kind}`), line: opened.line }) : ''}
      data-testid="explain-drawer"
      destroyOnHidden
    >
      {q.isPending && opened && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {q.error && <Alert type="error" showIcon title={q.error.message} />}
      {q.data && opened && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`explain-${opened.kind}`}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'bill',
                label: t('billingExplain.bill'),
                children: (
                  <>
                    {q.data.billNo} ({q.data.month}, <RefName entity="customer" code={q.data.customerCode} />)
                  </>
                ),
              },
              { key: 'amount', label: t('billingExplain.total'), children: <strong data-testid="explain-total">{money(q.data.amount)}</strong> },
              { key: 'count', label: t('billingExplain.itemCount'), children: items.length },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t(`billingExplain.how.${opened.kind}`)}
          </Typography.Paragraph>
          {adjustments.length > 0 && <Alert type="info" showIcon title={t('billingExplain.adjustment', { month: adjustments[0]!.month })} />}
          {items.length === 0 ? (
            <Alert type="info" showIcon title={t('billingExplain.nothing')} />
          ) : opened.kind === 'STORAGE' ? (
            <StorageDays items={items} />
          ) : opened.kind === 'OTHER' ? (
            <OtherItems items={items} />
          ) : opened.kind === 'PACKAGE' ? (
            <PackageItems items={items} />
          ) : (
            <HandlingLines items={items} />
          )}
        </Space>
      )}
    </Drawer>
  );
};

type Reproduced = { billId: string; equal: boolean; issued: Record<string, number>; regenerated: Record<string, number> };

/** Prices the bill again from zero at its knowledge point (GET .../reproduce) and says whether it equals the bill to the cent. */
const Reproduce = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t } = useTranslation();
  const { field: label } = useDocumentLabels(def);
  const [asked, setAsked] = useState(false);
  const q = useQuery({
    queryKey: ['billing', 'reproduce', doc.id, doc.version],
    queryFn: ({ signal }) => request<Reproduced>('GET', routes.reproduceMonthBill.path, { query: { id: doc.id }, signal, timeoutMs: 60_000 }),
    enabled: asked,
  });
  const differing = q.data ? Object.keys(q.data.issued).filter((k) => q.data.issued[k] !== q.data.regenerated[k]) : [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button size="small" loading={q.isFetching} onClick={() => (asked ? void q.refetch() : setAsked(true))} data-testid="monthbill-reproduce">
        {t('billingExplain.reproduce')}
      </Button>
      {q.data && (
        <Alert
          type={q.data.equal ? 'success' : 'warning'}
          showIcon
          data-testid="monthbill-reproduced"
          data-equal={String(q.data.equal)}
          title={q.data.equal ? t('billingExplain.reproducedEqual', { total: money(q.data.regenerated.totalCost) }) : t('billingExplain.reproducedDiffers')}
          description={differing.map((k) => `${label(k)}: ${money(q.data.issued[k])} → ${money(q.data.regenerated[k])}`).join('; ') || undefined}
        />
      )}
    </Space>
  );
};

/** Under a month bill's details: each detail line's charges, each opening the drawer that explains it; the bill recomputed from the events. */
export const MonthBillCharges = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t } = useTranslation();
  const { field: label } = useDocumentLabels(def);
  const [opened, setOpened] = useState<Opened>();
  const key = def.lines?.key ?? 'details';
  const lines = ((doc[key] as DetailLine[] | undefined) ?? []).filter((l) => chargesOf(l).length > 0);
  if (lines.length === 0) return null;
  return (
    <Card size="small" style={{ marginTop: 12 }} title={t('billingExplain.title')} data-testid="bill-charges">
      <Typography.Paragraph type="secondary">{t('billingExplain.intro')}</Typography.Paragraph>
      <Table<DetailLine>
        size="small"
        pagination={false}
        rowKey="lineNumber"
        dataSource={lines}
        columns={[
          { title: label(key, 'lineNumber'), dataIndex: 'lineNumber', width: 64 },
          { title: label(key, 'lineType'), render: (_, l) => (def.lines ? <FieldValue def={def} name="lineType" field={def.lines.fields.lineType!} value={l.lineType} /> : l.lineType) },
          { title: label(key, 'warehouseAreaCode'), render: (_, l) => l.warehouseAreaCode ?? (l.adjustMonth ? <Tag>{l.adjustMonth}</Tag> : '') },
          {
            title: t('billingExplain.charges'),
            render: (_, l) => (
              <Space wrap>
                {chargesOf(l).map((c) => (
                  <Button key={c.kind} size="small" onClick={() => setOpened({ line: l.lineNumber, kind: c.kind, amount: c.amount })} data-testid={`explain-open-${l.lineNumber}-${c.kind}`}>
                    {t(`billingReport.chargeKinds.states.${c.kind}`)} {money(c.amount)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <div style={{ marginTop: 12 }}>
        <Reproduce def={def} doc={doc} />
      </div>
      <ExplainDrawer doc={doc} opened={opened} onClose={() => setOpened(undefined)} />
    </Card>
  );
};
