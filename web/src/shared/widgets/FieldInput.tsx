import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import type { FieldDef } from '@tpl/contracts';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../format';
import { useFormatValue } from './FieldValue';
import { useDictOptions } from './hooks';
import { useEntityLabels, type Named } from './labels';
import { RefSelect } from './RefSelect';
import { DocSelect } from './DocSelect';
import { LineSelect } from './LineSelect';
import { AttachmentInput } from './AttachmentInput';
import { resolvePick } from './formPick';
import { SignatureInput } from './SignatureInput';

/** A record picked by a reference (an entity's record, a document's list row): what `fills` reads. */
/**
 * Enter in a date field confirms the date typed there and nothing more: it does not send the
 * form (a form sent from a picker left the picker's closing to a page already gone: a page error).
 */
const keepEnterInPicker = (e: React.KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault();
};

export type Picked = Record<string, unknown>;

type Props = {
  /** the entity or document type (its name keys the enum labels) */
  def: Named;
  /** given by Form.Item: the input's id, which its label points at */
  id?: string;
  /** the field's key (a rows sub-field: its own key) */
  name: string;
  field: FieldDef;
  /** given by Form.Item */
  value?: unknown;
  onChange?: (value: unknown) => void;
  testId: string;
  /** editing an existing record (a password left empty keeps the old one) */
  editing?: boolean;
  /** ref fields: names known for the current value */
  refNames?: unknown;
  /** ref fields: codes that cannot be chosen */
  exclude?: readonly string[];
  /** ref and doc fields: the record picked (a document's `fills`), or undefined when cleared */
  onPicked?: (record: Picked | undefined) => void;
  /** what an empty input says (a time the server takes as now) */
  placeholder?: string;
};

const asDayjs = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
};

export const DictSelect = ({ code, value, onChange, testId }: { code: string; value?: unknown; onChange?: (v: unknown) => void; testId: string }) => {
  const { data, isFetching } = useDictOptions(code);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      aria-busy={isFetching}
      value={value === null || value === '' ? undefined : (value as string | undefined)}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={data ?? []}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
};

/**
 * One form input for a field, by its kind. Values in the form are what the API carries:
 * dates as yyyy-MM-dd, date-times as ISO strings, flags 0/1, references as codes.
 */
export const FieldInput = ({ def, id, name, field, value, onChange, testId, editing, refNames, exclude, onPicked, placeholder }: Props) => {
  const { t, enumValue } = useEntityLabels(def);
  const format = useFormatValue(def);
  const set = (next: unknown) => onChange?.(next);

  if (field.generated) {
    return (
      <Input
        value={format(name, field, value, refNames)}
        disabled
        placeholder={t('md.generated')}
        id={id}
        data-testid={testId}
      />
    );
  }

  switch (field.kind) {
    case 'text':
      return field.multiline ? (
        <Input.TextArea
          value={(value as string | undefined) ?? ''}
          onChange={(e) => set(e.target.value)}
          maxLength={field.max}
          autoSize={{ minRows: 2, maxRows: 6 }}
          id={id}
          data-testid={testId}
        />
      ) : (
        <Input value={(value as string | undefined) ?? ''} onChange={(e) => set(e.target.value)} maxLength={field.max} allowClear id={id} data-testid={testId} />
      );
    case 'number':
      return (
        <InputNumber<number>
          value={typeof value === 'number' ? value : value === undefined || value === null || value === '' ? null : Number(value)}
          onChange={(next) => set(next ?? undefined)}
          min={field.min}
          max={field.max}
          precision={field.integer ? 0 : undefined}
          style={{ width: '100%', minWidth: 90 }}
          id={id}
          data-testid={testId}
        />
      );
    case 'flag':
      return <Switch checked={value === 1 || value === '1' || value === true} onChange={(on) => set(on ? 1 : 0)} id={id} data-testid={testId} />;
    case 'enum':
      return (
        <Select
          allowClear
          value={value === null || value === '' ? undefined : (value as string | undefined)}
          onChange={(next) => set(next ?? undefined)}
          options={field.values.map((v) => ({ value: v, label: enumValue(name, v) }))}
          id={id}
          data-testid={testId}
          style={{ width: '100%' }}
        />
      );
    case 'dict':
      return <DictSelect code={field.dict} value={value} onChange={set} testId={testId} />;
    case 'date':
      return (
        <DatePicker
          value={asDayjs(value)}
          onChange={(d) => set(d ? d.format(DATE_FORMAT) : undefined)}
          format={DATE_FORMAT}
          style={{ width: '100%' }}
          onKeyDown={keepEnterInPicker}
          id={id}
          data-testid={testId}
        />
      );
    case 'datetime':
      return (
        <DatePicker
          showTime
          value={asDayjs(value)}
          onChange={(d) => set(d ? d.toISOString() : undefined)}
          format={DATE_TIME_FORMAT}
          placeholder={placeholder}
          style={{ width: '100%' }}
          onKeyDown={keepEnterInPicker}
          id={id}
          data-testid={testId}
        />
      );
    case 'ref':
      if (field.pick && Object.values(field.pick).some((v) => v.startsWith('$')))
        return <FormRefSelect field={field} value={value} onChange={set} refNames={refNames} exclude={exclude} testId={testId} id={id} onPicked={onPicked} />;
      return (
        <RefSelect
          entity={field.entity}
          multiple={field.multiple}
          value={value as string | string[] | undefined}
          onChange={set}
          names={refNames}
          exclude={exclude}
          testId={testId}
          id={id}
          onPicked={onPicked}
          pick={field.pick}
        />
      );
    case 'mobile':
      return <Input value={(value as string | undefined) ?? ''} onChange={(e) => set(e.target.value)} maxLength={20} allowClear id={id} data-testid={testId} />;
    case 'plate':
    case 'idCard':
      return <Input value={(value as string | undefined) ?? ''} onChange={(e) => set(e.target.value)} maxLength={field.kind === 'plate' ? 8 : 18} allowClear id={id} data-testid={testId} />;
    case 'email':
      return (
        <Input type="email" value={(value as string | undefined) ?? ''} onChange={(e) => set(e.target.value)} maxLength={120} allowClear id={id} data-testid={testId} />
      );
    case 'password':
      return (
        <Input.Password
          value={(value as string | undefined) ?? ''}
          onChange={(e) => set(e.target.value)}
          autoComplete="new-password"
          placeholder={editing ? t('md.passwordUnchanged') : undefined}
          id={id}
          data-testid={testId}
        />
      );
    case 'doc':
      return (
        <DocSelect
          document={field.document}
          states={field.states}
          by={field.by}
          value={typeof value === 'string' ? value : undefined}
          onChange={set}
          onPicked={onPicked}
          exclude={exclude}
          testId={testId}
          id={id}
        />
      );
    case 'line':
      return <LineSelect lineKey={field.key} value={value} onChange={set} testId={testId} id={id} />;
    case 'attachment':
      return <AttachmentInput value={value} onChange={set} image={field.image} testId={testId} id={id} />;
    case 'signature':
      return <SignatureInput value={value} onChange={set} testId={testId} id={id} />;
    case 'rows':
      // a table of its own (RowsField, drawn by FormField); never a single input
      return null;
  }
};

/** A reference whose picker follows what the form holds (formPick.ts `resolvePick`). */
const FormRefSelect = ({
  field,
  value,
  onChange,
  refNames,
  exclude,
  testId,
  id,
  onPicked,
}: {
  field: Extract<FieldDef, { kind: 'ref' }>;
  value: unknown;
  onChange: (v: unknown) => void;
  refNames?: unknown;
  exclude?: readonly string[];
  testId: string;
  id?: string;
  onPicked?: (record: Picked | undefined) => void;
}) => {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const { pick } = resolvePick(field.pick, values);
  return (
    <RefSelect
      entity={field.entity}
      multiple={field.multiple}
      value={value as string | string[] | undefined}
      onChange={onChange}
      names={refNames}
      exclude={exclude}
      testId={testId}
      id={id}
      onPicked={onPicked}
      pick={pick}
    />
  );
};
