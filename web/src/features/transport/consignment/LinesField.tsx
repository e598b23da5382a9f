import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Table } from 'antd';
import { RefSelect } from '../../md/RefSelect';
import type { FormListFieldData, TableColumnsType } from 'antd';
import type { ConsignmentLine } from '@tpl/contracts';
import { emptyLine, lineFields, requiredLine } from './formValues';
import { useConsignmentLabels } from './labels';

const textFields = new Set<keyof ConsignmentLine>(['materialCode', 'name']);
const integerFields = new Set<keyof ConsignmentLine>(['packages']);

/**
 * The editable lines table: one row per line, inputs named lines_<n>_<field>. The material is
 * picked from the tenant's materials (search as you type, as the master-data screens do); the
 * pick fills the line's name, which stays editable (the customer's own wording on the waybill).
 */
export const LinesField = () => {
  const labels = useConsignmentLabels();
  const { t } = labels;
  const form = Form.useFormInstance();
  return (
    <Form.List name="lines">
      {(fields, { add, remove }, { errors }) => {
        const columns: TableColumnsType<FormListFieldData> = [
          { key: 'index', title: t('common.rowNumber'), width: 56, render: (_: unknown, __: FormListFieldData, index: number) => index + 1 },
          ...lineFields.map((key) => ({
            key,
            title: (
              <>
                {requiredLine(key) && <span className="required-mark">*</span>}
                {labels.field('lines', key)}
              </>
            ),
            render: (_: unknown, field: FormListFieldData) => (
              <Form.Item name={[field.name, key]} style={{ margin: 0 }}>
                {key === 'materialCode' ? (
                  <RefSelect
                    entity="material"
                    testId={`line-${field.name}-${key}`}
                    style={{ minWidth: 220 }}
                    onPicked={(material) => {
                      if (typeof material?.name !== 'string') return;
                      form.setFieldValue(['lines', field.name, 'name'], material.name);
                      form.setFields([{ name: ['lines', field.name, 'name'], errors: [] }]);
                    }}
                  />
                ) : textFields.has(key) ? (
                  <Input data-testid={`line-${field.name}-${key}`} />
                ) : (
                  <InputNumber
                    style={{ width: '100%', minWidth: 90 }}
                    precision={integerFields.has(key) ? 0 : undefined}
                    data-testid={`line-${field.name}-${key}`}
                  />
                )}
              </Form.Item>
            ),
          })),
          {
            key: 'remove',
            width: 56,
            render: (_: unknown, field: FormListFieldData, index: number) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('consignment.removeLine')}
                title={t('consignment.removeLine')}
                onClick={() => remove(field.name)}
                data-testid={`remove-line-${index}`}
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
              dataSource={fields}
              pagination={false}
              scroll={{ x: 'max-content' }}
            />
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyLine())} style={{ marginTop: 8 }} data-testid="add-line">
              {t('consignment.addLine')}
            </Button>
          </>
        );
      }}
    </Form.List>
  );
};
