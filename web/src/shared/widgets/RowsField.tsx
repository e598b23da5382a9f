import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Table } from 'antd';
import type { FormListFieldData, TableColumnsType } from 'antd';
import type { FieldDef } from '@tpl/contracts';
import { FieldInput } from './FieldInput';
import { AttachmentInput } from './AttachmentInput';
import { useEntityLabels, type Named } from './labels';

type Props = {
  /** the entity or document type (its words name the rows' fields) */
  def: Named;
  name: string;
  field: Extract<FieldDef, { kind: 'rows' }>;
  editing?: boolean;
};

/** An empty row: flags off, the rest empty. */
export const emptyRow = (field: Extract<FieldDef, { kind: 'rows' }>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(field.fields).filter(([, f]) => f.kind === 'flag').map(([k]) => [k, 0]));

/**
 * A rows field: an editable table, one row per entry, inputs md-field-<rows>-<index>-<sub>,
 * with add and remove buttons.
 */
export const RowsField = ({ def, name, field, editing }: Props) => {
  const { t, field: label } = useEntityLabels(def);
  const subFields = Object.entries(field.fields).filter(([, f]) => !f.hidden);
  const only = subFields.length === 1 ? subFields[0] : undefined;
  if (only && only[1].kind === 'attachment') return <AttachmentRows name={name} sub={only[0]} image={only[1].image} maxRows={field.maxRows} />;
  return (
    <Form.List name={name}>
      {(items, { add, remove }, { errors }) => {
        const columns: TableColumnsType<FormListFieldData> = [
          { key: '_index', title: t('md.rows.index'), width: 56, render: (_: unknown, __: FormListFieldData, index: number) => index + 1 },
          ...subFields.map(([sub, subField]) => ({
            key: sub,
            title: (
              <>
                {subField.required && <span className="required-mark">*</span>}
                {label(name, sub)}
              </>
            ),
            render: (_: unknown, item: FormListFieldData, index: number) => (
              <Form.Item name={[item.name, sub]} style={{ margin: 0 }}>
                <FieldInput def={def} name={sub} field={subField} editing={editing} testId={`md-field-${name}-${index}-${sub}`} />
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
                aria-label={t('md.rows.remove')}
                title={t('md.rows.remove')}
                onClick={() => remove(item.name)}
                data-testid={`md-remove-row-${name}-${index}`}
              />
            ),
          },
        ];
        return (
          <>
            <Table<FormListFieldData>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={items}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid={`md-rows-${name}`}
            />
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(emptyRow(field))}
              disabled={field.maxRows !== undefined && items.length >= field.maxRows}
              style={{ marginTop: 8 }}
              data-testid={`md-add-row-${name}`}
            >
              {t('md.rows.add')}
            </Button>
          </>
        );
      }}
    </Form.List>
  );
};

/**
 * Rows of one attachment each (a delivery's photos): a list of thumbnails with one more upload
 * at its end, every file stored as it is chosen.
 */
const AttachmentRows = ({ name, sub, image, maxRows }: { name: string; sub: string; image?: boolean; maxRows?: number }) => (
  <Form.List name={name}>
    {(items, { add, remove }, { errors }) => (
      <>
        <div className="attachment-rows" data-testid={`md-rows-${name}`}>
          {items.map((item, index) => (
            <Form.Item key={item.key} name={[item.name, sub]} style={{ margin: 0 }}>
              <AttachmentInput image={image} testId={`md-field-${name}-${index}-${sub}`} onChange={(v) => (v ? undefined : remove(item.name))} />
            </Form.Item>
          ))}
          {(maxRows === undefined || items.length < maxRows) && (
            <AttachmentInput image={image} testId={`md-add-${name}`} value={undefined} onChange={(v) => (v ? add({ [sub]: v }) : undefined)} />
          )}
        </div>
        <Form.ErrorList errors={errors} />
      </>
    )}
  </Form.List>
);
