import type { ReactNode } from 'react';
import { Card, Descriptions, Space, Table } from 'antd';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import type { Actor, DocumentDef, FieldDef, KitDocument } from '@tpl/contracts';
import { formatDateTime, formatNumber } from '../../shared/format';
import { FieldValue, RefName } from '../../shared/widgets/FieldValue';
import { useDocumentLabels } from './labels';
import { useDocumentHistory } from './hooks';
import { headerLayout, isWide, shownLineFields } from './model';
import { factsLayout, lineByNumber, logFields, logRows, type LoggedAction, type LogRow } from './viewModel';
import { StateTag } from './StateTag';

type Item = NonNullable<DescriptionsProps['items']>[number];
type LineRow = Record<string, unknown> & { _index: number };

const actorName = (actor: unknown): string => {
  const a = actor as Actor | undefined;
  return a?.name || a?.account || '';
};
const COLUMNS = { xs: 1, md: 3 };
const NOWRAP = { whiteSpace: 'nowrap' } as const;

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
    ...basic.filter(([, f]) => !f.hidden).map(([key, f]) => item(key, label(key), value(key, f, doc[key], `detail-${key}`), isWide(f) || f.kind === 'rows' ? 3 : 1)),
    item('remark', label('remark'), (doc.remark as string | undefined) || t('common.empty'), 2),
  ];

  const lines = def.lines;
  const lineFields = lines ? shownLineFields(lines) : [];
  const rows: LineRow[] = lines ? ((doc[lines.key] as Record<string, unknown>[] | undefined) ?? []).map((line, i) => ({ ...line, _index: i + 1 })) : [];
  const lineColumns: TableColumnsType<LineRow> = lines
    ? [
        { key: '_index', title: t('common.rowNumber'), dataIndex: '_index', width: 56 },
        ...lineFields.map(([key, f]) => ({
          key,
          title: label(lines.key, key),
          align: f.kind === 'number' ? ('right' as const) : undefined,
          onCell: () => ({ style: NOWRAP }),
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
      {lineFields.map(([key], i) => {
        const total = totalKeys.find((k) => lines.totals![k]!.of === key);
        return (
          <Table.Summary.Cell key={key} index={i + 1} align={total ? 'right' : undefined}>
            {total && <strong data-testid={`total-${total}`}>{formatNumber(doc.totals[total])}</strong>}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );

  const layout = factsLayout(def, doc);
  const facts: Item[] = layout.values.map((l) => {
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
              items={Object.entries(g.fields)
                .filter(([, f]) => !f.hidden)
                .map(([sub, f]) => item(`${key}.${sub}`, label(key, sub), value(sub, f, v[sub], `detail-${key}-${sub}`), isWide(f) ? 3 : 1))}
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
      {layout.tables.map((l) => (
        <Card size="small" key={l.key} title={label(...l.key.split('.'))} data-testid={`facts-${l.key.split('.').pop()}`}>
          <FieldValue def={def} name={l.key.split('.').pop()!} field={l.field} value={l.value} />
        </Card>
      ))}
      {layout.logs.map((log) => (
        <FactLog key={log.name} def={def} doc={doc} log={log} />
      ))}
      <Card size="small" title={t('documents.sections.record')}>
        <Descriptions size="small" column={COLUMNS} items={record} />
      </Card>
    </Space>
  );
};

/** A line named by its number: "2 · M0007 name" where the lines name materials. */
const LineName = ({ def, doc, n, own }: { def: DocumentDef; doc: KitDocument; n: unknown; own?: unknown }) => {
  const line = lineByNumber(def, doc, n);
  // the fact's row names its material where its line is not the document's own (a task's finished good)
  const material = typeof own === 'string' && own ? own : line && typeof line.materialCode === 'string' ? line.materialCode : undefined;
  return (
    <>
      {String(n)}
      {material && (
        <>
          {' · '}
          <RefName entity="material" code={material} />
        </>
      )}
    </>
  );
};

/**
 * Every time an action that records rows happened (a put-away in parts): each part's rows with
 * when and by whom, from the history, up to the version shown. The document itself keeps only
 * the last (it lands `into` one key).
 */
const FactLog = ({ def, doc, log }: { def: DocumentDef; doc: KitDocument; log: LoggedAction }) => {
  const { t, field: label } = useDocumentLabels(def);
  const history = useDocumentHistory(def, doc.id);
  const rows = logRows(def, log, history.data ?? [], doc.version);
  if (!rows.length) return null;
  const span = (r: LogRow) => ({ rowSpan: r.span, style: NOWRAP });
  const scalar = logFields(log);
  const columns: TableColumnsType<LogRow> = [
    ...scalar.map(([key, f]) => ({
      key,
      title: label(log.into, key),
      onCell: span,
      render: (_: unknown, r: LogRow) => (f.kind === 'datetime' ? formatDateTime(String(r.fields[key] ?? r.time)) : <FieldValue def={def} name={key} field={f} value={r.fields[key]} />),
    })),
    ...(scalar.some(([, f]) => f.kind === 'datetime') ? [] : [{ key: '_time', title: t('documents.log.recordedAt'), onCell: span, render: (_: unknown, r: LogRow) => formatDateTime(r.time) }]),
    { key: '_actor', title: t('documents.log.recordedBy'), onCell: span, render: (_: unknown, r: LogRow) => r.actor },
    ...Object.entries(log.rows.fields)
      .filter(([, f]) => !f.hidden)
      .map(([key, f]) => ({
        key,
        title: label(log.rowsKey, key),
        align: f.kind === 'number' ? ('right' as const) : undefined,
        onCell: () => ({ style: NOWRAP }),
        render: (_: unknown, r: LogRow) =>
          f.kind === 'line' && f.key === 'lineNumber' ? <LineName def={def} doc={doc} n={r.row[key]} own={r.row.materialCode} /> : <FieldValue def={def} name={key} field={f} value={r.row[key]} />,
      })),
  ];
  return (
    <Card size="small" title={label(log.into, log.rowsKey)} data-testid={`facts-log-${log.name}`}>
      <Table<LogRow> rowKey="key" size="small" bordered pagination={false} columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} />
    </Card>
  );
};
