import type { ReactNode } from 'react';
import { Card, Descriptions, Space, Table } from 'antd';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import type { Actor, DocumentDef, FieldDef, KitDocument } from '@tpl/contracts';
import { formatDateTime, formatNumber } from '../../shared/format';
import { FieldValue } from '../md/FieldValue';
import { useDocumentLabels } from './labels';
import { headerLayout, isWide, landedOn, shownLineFields } from './model';
import { StateTag } from './StateTag';

type Item = NonNullable<DescriptionsProps['items']>[number];
type LineRow = Record<string, unknown> & { _index: number };

const actorName = (actor: unknown): string => {
  const a = actor as Actor | undefined;
  return a?.name || a?.account || '';
};
const COLUMNS = { xs: 1, md: 3 };

/**
 * Every field of one document (now or as of an event), read only, laid out as its
 * description says: the header's fields, a card per group, the lines with their totals, what
 * its facts recorded (a dispatch's plate, who audited and when) and who made and changed it.
 */
export const DocumentDetails = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t, field: label } = useDocumentLabels(def);
  const { basic, groups } = headerLayout(def);
  const item = (key: string, text: string, children: ReactNode, span?: number): Item => ({ key, label: text, children, span });
  const value = (name: string, f: FieldDef, v: unknown, testId?: string) => (
    <span data-testid={testId}>
      <FieldValue def={def} name={name} field={f} value={v} />
    </span>
  );

  const general: Item[] = [
    item('billNo', label('billNo'), <span data-testid="detail-billNo">{doc.billNo}</span>),
    item('state', label('state'), <StateTag def={def} state={doc.state} />),
    item('version', label('version'), doc.version),
    ...basic.map(([key, f]) => item(key, label(key), value(key, f, doc[key], `detail-${key}`), isWide(f) ? 3 : 1)),
    item('remark', label('remark'), (doc.remark as string | undefined) || t('common.empty'), 2),
  ];

  const lines = def.lines;
  const rows: LineRow[] = lines ? ((doc[lines.key] as Record<string, unknown>[] | undefined) ?? []).map((line, i) => ({ ...line, _index: i + 1 })) : [];
  const lineColumns: TableColumnsType<LineRow> = lines
    ? [
        { key: '_index', title: t('common.rowNumber'), dataIndex: '_index', width: 56 },
        ...shownLineFields(lines).map(([key, f]) => ({
          key,
          title: label(lines.key, key),
          align: f.kind === 'number' ? ('right' as const) : undefined,
          render: (_: unknown, row: LineRow) => <FieldValue def={def} name={key} field={f} value={row[key]} />,
        })),
      ]
    : [];
  const totalKeys = Object.keys(lines?.totals ?? {});
  // the totals sit under the line fields they sum
  const totalsRow = lines && totalKeys.length > 0 && (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>
        <strong>{t('documents.sections.total')}</strong>
      </Table.Summary.Cell>
      {shownLineFields(lines).map(([key], i) => {
        const total = totalKeys.find((k) => lines.totals![k]!.of === key);
        return (
          <Table.Summary.Cell key={key} index={i + 1} align={total ? 'right' : undefined}>
            {total && <strong data-testid={`total-${total}`}>{formatNumber(doc.totals[total])}</strong>}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );

  const facts: Item[] = landedOn(def, doc).map((l) => {
    const leaf = l.key.split('.').pop()!;
    const shown = l.kind === 'at' ? formatDateTime(String(l.value)) : l.kind === 'by' ? actorName(l.value) : value(leaf, l.field!, l.value);
    return item(l.key, label(...l.key.split('.')), <span data-testid={`detail-${leaf}`}>{shown}</span>);
  });

  const record: Item[] = [
    item('createdBy', label('createdBy'), actorName(doc.createdBy)),
    item('createdAt', label('createdAt'), formatDateTime(doc.createdAt)),
    item('updatedBy', label('updatedBy'), actorName(doc.updatedBy)),
    item('updatedAt', label('updatedAt'), formatDateTime(doc.updatedAt)),
    ...(doc.reviewedBy ? [item('reviewedBy', label('reviewedBy'), actorName(doc.reviewedBy))] : []),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="document-details">
      <Card size="small" title={t('documents.sections.basic')}>
        <Descriptions size="small" column={COLUMNS} items={general} />
      </Card>
      {groups.map(([key, g]) => {
        const v = (doc[key] ?? {}) as Record<string, unknown>;
        return (
          <Card size="small" key={key} title={label(key)}>
            <Descriptions
              size="small"
              column={COLUMNS}
              items={Object.entries(g.fields).map(([sub, f]) => item(`${key}.${sub}`, label(key, sub), value(sub, f, v[sub], `detail-${key}-${sub}`), isWide(f) ? 3 : 1))}
            />
          </Card>
        );
      })}
      {lines && (
        <Card size="small" title={label(lines.key)}>
          <Table<LineRow>
            rowKey="_index"
            size="small"
            pagination={false}
            columns={lineColumns}
            dataSource={rows}
            summary={totalsRow ? () => totalsRow : undefined}
            scroll={{ x: 'max-content' }}
          />
        </Card>
      )}
      {facts.length > 0 && (
        <Card size="small" title={t('documents.sections.facts')} data-testid="document-facts">
          <Descriptions size="small" column={COLUMNS} items={facts} />
        </Card>
      )}
      <Card size="small" title={t('documents.sections.record')}>
        <Descriptions size="small" column={COLUMNS} items={record} />
      </Card>
    </Space>
  );
};
