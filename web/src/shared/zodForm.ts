import { useRef } from 'react';
import type { FormInstance, FormProps } from 'antd';
import { formatIssues } from '@tpl/contracts';
import { currentLanguage } from '../i18n';

type Issues = Parameters<typeof formatIssues>[0];
type FieldData = Parameters<NonNullable<FormProps['onFieldsChange']>>[0][number];
type NamePath = (string | number)[];

/**
 * The shape of zod's safeParse result, without depending on zod here; `input`, the value that
 * was parsed, lets an empty field be asked for rather than told its form (see formatIssues).
 */
export type SafeParse<T> = ({ success: true; data: T } | { success: false; error: { issues: Issues } }) & { input?: unknown };

/** Runs a schema's safeParse and keeps the input beside the result. */
export const parseWithInput = <T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: Issues } } }, input: unknown): SafeParse<T> => ({
  ...schema.safeParse(input),
  input,
});

export type Validated<T> = { ok: true; data: T } | { ok: false; unplaced: string[] };

/** 'lines.0.qty' <-> ['lines', 0, 'qty'], antd's name path of that input */
export const toNamePath = (field: string): NamePath =>
  field === '' ? [] : field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
const fieldOf = (name: NamePath | string | number): string => (Array.isArray(name) ? name.join('.') : String(name));

/** Messages by field ('consignee.mobile'), worded by the contracts exactly as the server words them. */
const messagesOf = <T>(result: SafeParse<T>, entity: string): Map<string, string[]> => {
  const byField = new Map<string, string[]>();
  if (result.success) return byField;
  for (const { field, message } of formatIssues(result.error.issues, entity, currentLanguage(), result.input)) {
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return byField;
};

/**
 * Validates an antd form with a contracts schema instead of antd rules, so the console and
 * the server refuse the same input with the same words (请输入客户编码, 收货人手机号必须是11位).
 *
 * `parse` reads the form and runs the schema's safeParse; `fields` are the top-level names the
 * form shows (issues elsewhere come back as `unplaced`). After the first `validate()`, every
 * edited field, and every field still showing an error, is checked again as the user types.
 */
export const useSchemaValidation = <T>(
  form: FormInstance,
  entity: string,
  fields: readonly string[],
  parse: () => SafeParse<T>,
) => {
  const attempted = useRef(false);

  const validate = (): Validated<T> => {
    attempted.current = true;
    const result = parse();
    const messages = messagesOf(result, entity);
    const placed = [...messages].filter(([field]) => fields.includes(field.split('.')[0] ?? ''));
    const cleared = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0 && !messages.has(fieldOf(f.name)))
      .map((f) => ({ name: f.name, errors: [] as string[] }));
    form.setFields([...cleared, ...placed.map(([field, errors]) => ({ name: toNamePath(field), errors }))]);
    if (result.success) return { ok: true, data: result.data };
    if (placed[0]) form.scrollToField(toNamePath(placed[0][0]), { block: 'center' });
    const unplaced = [...messages].filter(([field]) => !placed.some(([p]) => p === field)).flatMap(([, m]) => m);
    return { ok: false, unplaced };
  };

  const onFieldsChange = (changed: FieldData[]) => {
    if (!attempted.current || changed.length === 0) return;
    const messages = messagesOf(parse(), entity);
    const names = new Map<string, NamePath>();
    for (const f of [...changed, ...form.getFieldsError().filter((e) => e.errors.length > 0)]) {
      const path = Array.isArray(f.name) ? f.name : [f.name];
      names.set(fieldOf(path), path);
    }
    form.setFields([...names].map(([field, name]) => ({ name, errors: messages.get(field) ?? [] })));
  };

  return { validate, onFieldsChange };
};
