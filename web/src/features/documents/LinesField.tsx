import { useState } from 'react';
import { DatabaseOutlined, DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Form, Space, Table } from 'antd';
import type { FormListFieldData, TableColumnsType } from 'antd';
import { documentTotals, type DocumentDef, type LinesDef } from '@tpl/contracts';
import { formatNumber } from '../../shared/format';
import { FieldInput, type Picked } from '../../shared/widgets/FieldInput';
import { useDocumentLabels } from './labels';
import { resolvePick } from '../../shared/widgets/formPick';
import { filledLines, fillsFrom, quotedLine, quoteOf, quoteTaken, shownLineFields } from './model';
import { QuotePicker } from './QuotePicker';
import { lineFromStock, StockPicker, stockRowKey } from './StockPicker';

/**
 * The editable lines table: one row per line, inputs line-<n>-<field> (named lines_<n>_<field>).
 * Every reference is picked from its entity's records, searched as the user types; a pick
 * fills the line's fields the description's `fills` names (the material's name), which stay
 * editable. The totals the description sums are shown under the lines as they are typed.
 * Lines naming a material are also quoted many at once (QuotePicker), each filled as one pick fills it.
 */
export const LinesField = ({ def, lines }: { def: DocumentDef; lines: LinesDef }) => {
  const { t, field: label } = useDocumentLabels(def);
  const form = Form.useFormInstance();
  const rows = Form.useWatch(lines.key, form) as Record<string, unknown>[] | undefined;
  const owner = Form.useWatch('customerCode', form) as string | undefined;
  const area = Form.useWatch('warehouseAreaCode', form) as string | undefined;
  const [picking, setPicking] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const quote = quoteOf(lines);
  // the quote offers what the line's own picker offers: the same pick, waiting for the fields it reads (the owner)
  const quotePick = quote ? resolvePick(quote.field.pick, values) : undefined;
  const totals = documentTotals(def, { [lines.key]: rows ?? [] });
  // what the lines carry unseen (a picked note's version) has no column
  const fieldEntries = shownLineFields(lines);

  /** a line taken from stock names its row by what the stock gave (place, material, batch, barcode): shown, not typed; its quantity stays the user's */
  const fromStock = (key: string) => Boolean(lines.fromStock && key in lines.fromStock.set && lines.fields[key]?.kind !== 'number');

  const takenElsewhere = (key: string, index: number): string[] =>
    (rows ?? []).flatMap((r, i) => (i !== index && typeof r?.[key] === 'string' && r[key] !== '' ? [r[key] as string] : []));

  const fill = (index: number, source: string, record: Picked | undefined) => {
    const path = (target: string) => [lines.key, index, target];
    const values = fillsFrom(lines.fills?.[source], record, (target) => form.getFieldValue(path(target)));
    const targets = Object.keys(values);
    if (!targets.length) return;
    for (const target of targets) form.setFieldValue(path(target), values[target]);
    // a field filled here no longer shows the prompt it had for being empty
    form.setFields(targets.map((target) => ({ name: path(target), errors: [] })));
  };

  return (
    <Form.List name={lines.key}>
      {(items, { add, remove }, { errors }) => {
        const columns: TableColumnsType<FormListFieldData> = [
          { key: '_index', title: t('common.rowNumber'), width: 56, render: (_: unknown, __: FormListFieldData, index: number) => index + 1 },
          ...fieldEntries.map(([key, f]) => ({
            key,
            title: (
              <>
                {f.required && <span className="required-mark">*</span>}
                {label(lines.key, key)}
              </>
            ),
            render: (_: unknown, item: FormListFieldData) => (
              <Form.Item name={[item.name, key]} style={{ margin: 0 }}>
                <FieldInput
                  def={def}
                  name={key}
                  field={fromStock(key) ? { ...f, generated: true } : f}
                  testId={`line-${item.name}-${key}`}
                  onPicked={lines.fills?.[key] ? (record) => fill(item.name, key, record) : undefined}
                  // a document already on another line is not offered again (the lines are unique by it)
                  exclude={f.kind === 'doc' && lines.uniqueBy?.includes(key) ? takenElsewhere(key, item.name) : undefined}
                />
              </Form.Item>
            ),
          })),
          {
            key: '_remove',
            width: 56,
            render: (_: unknown, item: FormListFieldData, index: number) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('documents.removeLine')}
                title={t('documents.removeLine')}
                onClick={() => remove(item.name)}
                data-testid={`remove-line-${index}`}
              />
            ),
          },
        ];
        const totalKeys = Object.keys(lines.totals ?? {});
        // the totals sit under the line fields they sum
        const summary = totalKeys.length
          ? () => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>{t('documents.sections.total')}</strong>
                </Table.Summary.Cell>
                {fieldEntries.map(([key], i) => {
                  const total = totalKeys.find((k) => lines.totals![k]!.of === key);
                  return (
                    <Table.Summary.Cell key={key} index={i + 1} align={total ? 'right' : undefined}>
                      {total && <strong data-testid={`form-total-${total}`}>{formatNumber(totals[total])}</strong>}
                    </Table.Summary.Cell>
                  );
                })}
                <Table.Summary.Cell index={fieldEntries.length + 1} />
              </Table.Summary.Row>
            )
          : undefined;
        return (
          <>
            <Table<FormListFieldData>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={items}
              pagination={false}
              scroll={{ x: 'max-content' }}
              summary={summary}
              data-testid={`lines-${lines.key}`}
            />
            <Form.ErrorList errors={errors} />
            <Space style={{ marginTop: 8 }}>
              {/* lines taken from stock are chosen from it; lines taken from the source document are removed, never added by hand */}
              {lines.fromStock && (
                <Button type="primary" ghost icon={<DatabaseOutlined />} onClick={() => setPicking(true)} data-testid="pick-from-stock">
                  {t('stockPick.open')}
                </Button>
              )}
              {!lines.fixed && !lines.fromStock && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({})}
                  disabled={lines.max !== undefined && items.length >= lines.max}
                  data-testid="add-line"
                >
                  {t('documents.addLine')}
                </Button>
              )}
              {quote && quotePick && (
                <Button
                  icon={<UnorderedListOutlined />}
                  onClick={() => setQuoting(true)}
                  disabled={quotePick.missing.length > 0}
                  data-testid="quote-materials"
                >
                  {quotePick.missing.length > 0
                    ? t('documents.quote.chooseFirst', { label: quotePick.missing.map((key) => label(key)).join(t('common.listSeparator')) })
                    : t('documents.quote.open')}
                </Button>
              )}
            </Space>
            {quoting && quote && quotePick && (
              <QuotePicker
                entity={quote.field.entity}
                pick={quotePick.pick}
                taken={quoteTaken(quote, rows)}
                refusal={(name) =>
                  quote.splitBy.length
                    ? t('documents.quote.takenSplit', { label: name, by: quote.splitBy.map((key) => label(lines.key, key)).join(t('common.listSeparator')) })
                    : t('validation.lines.duplicate', { label: name })
                }
                onClose={() => setQuoting(false)}
                onAdd={(picked) => {
                  // the empty line a new form starts with gives way to what was quoted
                  const made = picked.map(({ code, record }) => quotedLine(lines, quote, code, record));
                  form.setFieldValue(lines.key, [...filledLines(rows), ...made]);
                }}
              />
            )}
            {picking && lines.fromStock && (
              <StockPicker
                owner={owner}
                area={area}
                taken={new Set((rows ?? []).map(stockRowKey))}
                needsAvailable={Object.entries(lines.fromStock.set).some(([k, v]) => v === 'availableQty' && k in lines.fields)}
                onClose={() => setPicking(false)}
                onAdd={(picked) => {
                  // the empty line a new form starts with gives way to what was picked
                  const made = picked.map((r) => lineFromStock(lines.fromStock!.set, r as unknown as Record<string, unknown>, Object.keys(lines.fields)));
                  form.setFieldValue(lines.key, [...filledLines(rows), ...made]);
                }}
              />
            )}
          </>
        );
      }}
    </Form.List>
  );
};
