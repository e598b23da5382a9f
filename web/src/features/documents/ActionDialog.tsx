import { useMemo, useState } from 'react';
import { App, Form, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { documentActionSchemaOf, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { ApiError } from '../../api/client';
import { ProblemsAlert } from '../../shared/ProblemsAlert';
import { parseWithInput, useSchemaValidation } from '../../shared/zodForm';
import { FieldInput } from '../md/FieldInput';
import { useDocumentAction } from './hooks';
import { useDocumentLabels } from './labels';

const present = (v: unknown) => (v === null || v === '' ? undefined : v);

/**
 * An action that takes input (a dispatch's plate and driver, a signature): one input per field
 * of the description's action, checked with the same schema the server uses, then posted with
 * the version the user is looking at. Time fields the server fills when left out start at now.
 * A 409 closes the dialog (the document changed under us and is being refetched); other
 * errors keep it open to fix.
 */
export const ActionDialog = ({ def, doc, action, onClose }: { def: DocumentDef; doc: Pick<KitDocument, 'id' | 'version' | 'billNo'>; action: string; onClose: () => void }) => {
  const { t, field: label, action: actionLabel } = useDocumentLabels(def);
  const { message } = App.useApp();
  const a = def.actions[action]!;
  const fields = Object.entries(a.fields ?? {});
  const [form] = Form.useForm<Record<string, unknown>>();
  const run = useDocumentAction(def);
  const [problems, setProblems] = useState<string[]>([]);
  const schema = useMemo(() => documentActionSchemaOf(def, action), [def, action]);
  const names = fields.map(([k]) => k);
  const { validate, onFieldsChange } = useSchemaValidation(form, def.name, names, () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    return parseWithInput(schema, { id: doc.id, version: doc.version, ...Object.fromEntries(names.map((k) => [k, present(values[k])])) });
  });
  const initialValues = useMemo(() => Object.fromEntries((a.nowFields ?? []).map((k) => [k, dayjs().toISOString()])), [a]);

  const submit = async () => {
    const checked = validate();
    setProblems(checked.ok ? [] : checked.unplaced);
    if (!checked.ok) return;
    try {
      await run.mutateAsync({ action, body: checked.data as { id: string; version: number } });
      void message.success(t('app.operationSuccess'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.isConflict) onClose();
      else if (error instanceof ApiError) setProblems([error.message]);
    }
  };

  return (
    <Modal
      open
      title={t('documents.dialog', { action: actionLabel(action), billNo: doc.billNo })}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ 'data-testid': 'modal-ok', danger: a.danger } as ButtonProps}
      confirmLoading={run.isPending}
    >
      <ProblemsAlert problems={problems} testId="modal-error" style={{ marginBottom: 16 }} />
      <Form<Record<string, unknown>> form={form} layout="vertical" initialValues={initialValues} onFieldsChange={onFieldsChange} onFinish={() => void submit()}>
        {fields.map(([key, f]) => (
          <Form.Item key={key} name={key} label={label(key)} required={Boolean(f.required)}>
            <FieldInput def={def} name={key} field={f} testId={key} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};
