import type { FormInstance } from 'antd';
import { formatIssues } from '@tpl/contracts';
import { currentLanguage } from '../i18n';

type Issues = Parameters<typeof formatIssues>[0];

/** The shape of zod's safeParse result, without depending on zod here. */
export type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: Issues } };

export type Validated<T> = { ok: true; data: T } | { ok: false; unplaced: string[] };

type NamePath = (string | number)[];

/** 'lines.0.qty' -> ['lines', 0, 'qty'], antd's name path of that input */
export const toNamePath = (field: string): NamePath =>
  field === '' ? [] : field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts the issues of a contracts schema on the antd fields they name, worded by the
 * contracts' formatIssues exactly as the server words them (请输入收货人手机号).
 * `fields` are the top-level names the form shows; other issues come back as `unplaced`.
 */
export const applyValidation = <T>(
  form: FormInstance,
  result: SafeParse<T>,
  entity: string,
  fields: readonly string[],
): Validated<T> => {
  const cleared = form
    .getFieldsError()
    .filter((field) => field.errors.length > 0)
    .map((field) => ({ name: field.name, errors: [] as string[] }));
  if (result.success) {
    form.setFields(cleared);
    return { ok: true, data: result.data };
  }
  const byField = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const { field, message } of formatIssues(result.error.issues, entity, currentLanguage())) {
    const [head] = field.split('.');
    if (head === undefined || !fields.includes(head)) {
      unplaced.push(message);
      continue;
    }
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  const placed = [...byField].map(([field, errors]) => ({ name: toNamePath(field), errors }));
  form.setFields([...cleared, ...placed]);
  if (placed[0]) form.scrollToField(placed[0].name, { block: 'center' });
  return { ok: false, unplaced };
};
