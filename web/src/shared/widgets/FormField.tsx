import { Form } from 'antd';
import type { FieldDef } from '@tpl/contracts';
import { FieldInput, type Picked } from './FieldInput';
import { useEntityLabels, type Named } from './labels';
import { RowsField } from './RowsField';

type Props = {
  /** the entity or document type whose words label the field */
  def: Named;
  /** the field's name in the form */
  name: string;
  field: FieldDef;
  testId: string;
  editing?: boolean;
  onPicked?: (record: Picked | undefined) => void;
  placeholder?: string;
};

/**
 * One field of a form the kit draws, whatever its kind: a labelled input, or for rows an
 * editable table under its label (rows are a list in the form, never one input).
 */
export const FormField = ({ def, name, field, testId, editing, onPicked, placeholder }: Props) => {
  const { field: label } = useEntityLabels(def);
  if (field.kind === 'rows') {
    return (
      <Form.Item label={label(name)} required={Boolean(field.required) || (field.minRows ?? 0) > 0} data-testid={`field-${name}`}>
        <RowsField def={def} name={name} field={field} editing={editing} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={name} label={label(name)} required={Boolean(field.required)}>
      <FieldInput def={def} name={name} field={field} testId={testId} editing={editing} onPicked={onPicked} placeholder={placeholder} />
    </Form.Item>
  );
};
