import { useEffect } from 'react';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { DocumentDef } from '@tpl/contracts';
import { DATE_FORMAT } from '../../shared/format';
import { RefSelect } from '../../shared/widgets/RefSelect';
import { useDocumentLabels } from './labels';
import { filterValuesOf, listFiltersOf, type DocumentListState, type FilterValues, type ListFilter } from './model';

type Props = {
  def: DocumentDef;
  query: DocumentListState;
  onSearch: (values: FilterValues) => void;
  onReset: () => void;
};

const FilterInput = ({ def, filter, value, onChange }: { def: DocumentDef; filter: ListFilter; value?: unknown; onChange?: (v: unknown) => void }) => {
  const { t, state, enumValue } = useDocumentLabels(def);
  const testId = `filter-${filter.key}`;
  if (filter.match === 'range') {
    return <DatePicker.RangePicker value={value as never} onChange={(range) => onChange?.(range)} format={DATE_FORMAT} allowEmpty={[true, true]} data-testid={testId} />;
  }
  if (filter.enumValues || filter.field?.kind === 'flag') {
    const own = filter.path.split('.').pop()!;
    const options = filter.enumValues
      ? filter.enumValues.map((v) => ({ value: v, label: filter.path === 'state' ? state(v) : enumValue(own, v) }))
      : [
          { value: '1', label: t('md.yes') },
          { value: '0', label: t('md.no') },
        ];
    return (
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
  }
  // a reference matched exactly is picked; matched by prefix or containing, it is typed
  if (filter.field?.kind === 'ref' && filter.match === 'exact') {
    return <RefSelect entity={filter.field.entity} value={value as string | undefined} onChange={onChange} testId={testId} style={{ width: 200 }} />;
  }
  return <Input allowClear value={(value as string | undefined) ?? ''} onChange={(e) => onChange?.(e.target.value)} data-testid={testId} style={{ width: 160 }} />;
};

/** The list's filters, from the description's (text by prefix or containing, the rest exactly, dates by range). */
export const DocumentFilters = ({ def, query, onSearch, onReset }: Props) => {
  const { t, field } = useDocumentLabels(def);
  const [form] = Form.useForm<FilterValues>();

  // the URL is the truth: back/forward and shared links refill the filters
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filterValuesOf(def, query));
  }, [form, def, query]);

  return (
    <Form<FilterValues> form={form} name={`filters-${def.name}`} layout="inline" onFinish={onSearch} style={{ rowGap: 12 }}>
      {listFiltersOf(def).map((f) => (
        <Form.Item key={f.key} name={f.key} label={field(f.key)}>
          <FilterInput def={def} filter={f} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-button">
            {t('common.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
            data-testid="reset-button"
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
};
