import { useMemo, useState } from 'react';
import { App, Alert, Button, Form } from 'antd';
import { Modal } from '../../shared/widgets/Modal';
import type { ButtonProps } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { documentActionSchemaOf, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { ApiError } from '../../api/client';
import { ProblemsAlert } from '../../shared/ProblemsAlert';
import { parseWithInput, useSchemaValidation } from '../../shared/zodForm';
import { FormField } from '../../shared/widgets/FormField';
import { useSaid } from '../../shared/widgets/labels';
import { DocumentLinesContext } from '../../shared/widgets/LineSelect';
import { useDocumentAction, useActionSuggestion } from './hooks';
import { useDocumentLabels } from './labels';
import { actionInputsOf, dialogStart } from './model';

const present = (v: unknown) => (v === null || v === '' ? undefined : v);

/**
 * An action that takes input (a put-away's placements, a split's rows, a signing): one input per
 * field of the description's action that a person gives (what the server fills is left out),
 * rows as editable tables, checked with the same schema the server uses, then posted with the
 * version the user is looking at. The dialog starts from the document (the action's `initial`:
 * what is still at the dock, every line signed in full) and time fields at now; an action with a
 * `suggest` read offers to fill its fields from it (the suggested locations) in one click.
 * A 409 closes the dialog (the document changed under us and is being refetched); other errors
 * keep it open to fix.
 */
export const ActionDialog = ({ def, doc, action, onClose }: { def: DocumentDef; doc: KitDocument; action: string; onClose: () => void }) => {
  const { t, action: actionLabel } = useDocumentLabels(def);
  const said = useSaid();
  const { message } = App.useApp();
  const a = def.actions[action]!;
  const inputs = actionInputsOf(a);
  const [form] = Form.useForm<Record<string, unknown>>();
  const run = useDocumentAction(def);
  const suggestion = useActionSuggestion(def, a.suggest?.route, doc.id);
  const [problems, setProblems] = useState<string[]>([]);
  const schema = useMemo(() => documentActionSchemaOf(def, action), [def, action]);
  const names = inputs.map(([k]) => k);
  const { validate, onFieldsChange } = useSchemaValidation(form, def.name, names, () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    return parseWithInput(schema, { id: doc.id, version: doc.version, ...Object.fromEntries(names.map((k) => [k, present(values[k])])) });
  });
  const initialValues = useMemo(() => dialogStart(a, doc), [a, doc]);
  const lines = useMemo(() => (a.lines ? a.lines(doc) : def.lines ? ((doc[def.lines.key] as Record<string, unknown>[] | undefined) ?? []) : []), [a, def, doc]);

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

  const suggest = async () => {
    const values = await suggestion.fetch();
    if (!values) return;
    const found = names.filter((k) => values[k] !== undefined);
    form.setFieldsValue(Object.fromEntries(found.map((k) => [k, values[k]])));
    if (found.length) onFieldsChange(found.map((k) => ({ name: [k] })) as never);
    const unplaced = Array.isArray(values.unplaced) ? values.unplaced.length : 0;
    void (unplaced ? message.warning(t('documents.suggest.partly', { count: unplaced })) : message.success(t('documents.suggest.done')));
  };

  return (
    <Modal
      open
      title={t('documents.dialog', { action: actionLabel(action), billNo: doc.billNo })}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ 'data-testid': 'modal-ok', danger: a.danger } as ButtonProps}
      confirmLoading={run.isPending}
      width={inputs.some(([, f]) => f.kind === 'rows' || f.kind === 'signature') ? 880 : 520}
    >
      <ProblemsAlert problems={problems} testId="modal-error" style={{ marginBottom: 16 }} />
      {a.hint && <Alert type="info" showIcon title={said(a.hint)} style={{ marginBottom: 16 }} data-testid="dialog-hint" />}
      {a.suggest && (
        <Button icon={<BulbOutlined />} onClick={() => void suggest()} loading={suggestion.pending} style={{ marginBottom: 16 }} data-testid="dialog-suggest">
          {said(a.suggest.label)}
        </Button>
      )}
      <DocumentLinesContext.Provider value={lines}>
        <Form<Record<string, unknown>> form={form} layout="vertical" initialValues={initialValues} onFieldsChange={onFieldsChange} onFinish={() => void submit()}>
          {inputs.map(([key, f]) => (
            <FormField key={key} def={def} name={key} field={f} testId={key} placeholder={a.nowFields?.includes(key) ? t('documents.now') : undefined} />
          ))}
        </Form>
      </DocumentLinesContext.Provider>
    </Modal>
  );
};
