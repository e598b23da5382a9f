import { useEffect } from 'react';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { EntityDef, FieldDef } from '@tpl/contracts';
import { DATE_FORMAT } from '../format';
import { DictSelect } from './FieldInput';
import { useEntityLabels } from './labels';
import { filterFieldsOf, filtersOf, type FilterValues, type MdListQuery } from './listQuery';
import { RefSelect } from './RefSelect';

type Props = {
  def: EntityDef;
  query: MdListQuery;
  onSearch: (values: FilterValues) => void;
  onReset: () => void;
};

const FilterInput = ({ def, name, field, value, onChange }: { def: EntityDef; name: string; field: FieldDef; value?: unknown; onChange?: (v: unknown) => void }) => {
  const { t, enumValue } = useEntityLabels(def);
  const testId = `md-filter-${name}`;
  const select = (options: { value: string; label: string }[]) => (
    <Select
      allowClear
      placeholder={t('md.all')}
      value={(value as string | undefined) ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      style={{ width: 160 }}
      data-testid={testId}
    />
  );
  switch (field.kind) {
    case 'enum':
      return select(field.values.map((v) => ({ value: v, label: enumValue(name, v) })));
    case 'flag':
      return select([
        { value: '1', label: t('md.yes') },
        { value: '0', label: t('md.no') },
      ]);
    case 'dict':
      return (
        <div style={{ width: 160 }}>
          <DictSelect code={field.dict} value={value} onChange={onChange} testId={testId} />
        </div>
      );
    case 'ref':
      return <RefSelect entity={field.entity} value={value as string | undefined} onChange={onChange} testId={testId} style={{ width: 200 }} />;
    case 'date':
    case 'datetime':
      return (
        <DatePicker.RangePicker
          value={value as never}
          onChange={(range) => onChange?.(range)}
          format={DATE_FORMAT}
          allowEmpty={[true, true]}
          data-testid={testId}
        />
      );
    default:
      return <Input allowClear value={(value as string | undefined) ?? ''} onChange={(e) => onChange?.(e.target.value)} data-testid={testId} style={{ width: 160 }} />;
  }
};

/** The list's filters from the EntityDef (its filter fields) and a keyword over code and name. */
export const EntityFilters = ({ def, query, onSearch, onReset }: Props) => {
  const { t, field } = useEntityLabels(def);
  const [form] = Form.useForm<FilterValues>();

  // the URL is the truth: back/forward and shared links refill the filters
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filtersOf(def, query));
  }, [form, def, query]);

  return (
    <Form<FilterValues> form={form} name={`md-filters-${def.name}`} layout="inline" onFinish={onSearch} style={{ rowGap: 12 }}>
      {filterFieldsOf(def).map(([key, f]) => (
        <Form.Item key={key} name={key} label={field(key)}>
          <FilterInput def={def} name={key} field={f} />
        </Form.Item>
      ))}
      <Form.Item name="keyword" label={t('md.keyword')}>
        <Input allowClear placeholder={t('md.keywordPlaceholder')} data-testid="md-keyword" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="md-search">
            {t('md.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
            data-testid="md-reset"
          >
            {t('md.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
};
