import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Space, type FormInstance } from 'antd';
import { documentActionSchemaOf, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { ApiError } from '../../api/client';
import { ProblemsAlert } from '../../shared/ProblemsAlert';
import { parseWithInput, useSchemaValidation } from '../../shared/zodForm';
import { FormField } from '../../shared/widgets/FormField';
import { DocumentLinesContext } from '../../shared/widgets/LineSelect';
import { useDocumentAction } from './hooks';
import { useDocumentLabels } from './labels';
import { actionInputsOf, dialogStart } from './model';

const present = (v: unknown) => (v === null || v === '' ? undefined : v);

export type ActionFormState = ReturnType<typeof useActionForm>;

/**
 * One action's input, wherever it is asked for (the kit's dialog, a confirmation screen of a
 * context's own): one input per field of the description's action that a person gives, starting
 * from the document (the action's `initial`) and time fields at now, checked with the schema the
 * server uses, then posted with the version the user is looking at. `submit` answers whether the
 * action was done; a 409 answers `conflict` (the document changed under us and is refetched),
 * other refusals are kept as `problems` to fix.
 */
export const useActionForm = (def: DocumentDef, doc: KitDocument, action: string) => {
  const { t } = useDocumentLabels(def);
  const { message } = App.useApp();
  const a = def.actions[action]!;
  const inputs = actionInputsOf(a);
  const [form] = Form.useForm<Record<string, unknown>>();
  const run = useDocumentAction(def);
  const [problems, setProblems] = useState<string[]>([]);
  const schema = useMemo(() => documentActionSchemaOf(def, action), [def, action]);
  const names = inputs.map(([k]) => k);
  const { validate, onFieldsChange } = useSchemaValidation(form, def.name, names, () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    return parseWithInput(schema, { id: doc.id, version: doc.version, ...Object.fromEntries(names.map((k) => [k, present(values[k])])) });
  });
  const initialValues = useMemo(() => dialogStart(a, doc), [a, doc]);

  const submit = async (): Promise<'done' | 'conflict' | 'refused'> => {
    const checked = validate();
    setProblems(checked.ok ? [] : checked.unplaced);
    if (!checked.ok) return 'refused';
    try {
      await run.mutateAsync({ action, body: checked.data as { id: string; version: number } });
      void message.success(t('app.operationSuccess'));
      return 'done';
    } catch (error) {
      if (error instanceof ApiError && error.isConflict) return 'conflict';
      if (error instanceof ApiError) setProblems([error.message]);
      return 'refused';
    }
  };

  return { def, doc, action, a, inputs, form, initialValues, onFieldsChange, submit, problems, pending: run.isPending };
};

/** The action's inputs as a form (the lines a `line` field picks from: the action's own, else the document's). */
export const ActionFields = ({ state, onEnter }: { state: ActionFormState; onEnter: () => void }) => {
  const { t } = useDocumentLabels(state.def);
  const { def, doc, a, inputs, form, initialValues, onFieldsChange } = state;
  const lines = useMemo(() => (a.lines ? a.lines(doc) : def.lines ? ((doc[def.lines.key] as Record<string, unknown>[] | undefined) ?? []) : []), [a, def, doc]);
  return (
    <DocumentLinesContext.Provider value={lines}>
      <Form<Record<string, unknown>> form={form as FormInstance<Record<string, unknown>>} layout="vertical" initialValues={initialValues} onFieldsChange={onFieldsChange} onFinish={onEnter}>
        {inputs.map(([key, f]) => (
          <FormField key={key} def={def} name={key} field={f} testId={key} placeholder={a.nowFields?.includes(key) ? t('documents.now') : undefined} />
        ))}
      </Form>
    </DocumentLinesContext.Provider>
  );
};

/**
 * An action asked for on a screen of its own: while the document is where the action is taken
 * (`open`), what the server refused, the inputs and the action's button; otherwise why there is
 * nothing to do now; and the way back. Test ids `<testId>-error|-closed|-submit|-back`.
 */
export const ActionPanel = (p: { state: ActionFormState; open: boolean; closed: string; onConfirm: () => void; back: string; onBack: () => void; testId: string }) => {
  const { action } = useDocumentLabels(p.state.def);
  return (
    <>
      {p.open ? (
        <>
          <ProblemsAlert problems={p.state.problems} testId={`${p.testId}-error`} style={{ marginBottom: 12 }} />
          <ActionFields state={p.state} onEnter={p.onConfirm} />
        </>
      ) : (
        <Alert type="info" showIcon data-testid={`${p.testId}-closed`} title={p.closed} style={{ marginBottom: 12 }} />
      )}
      <Space>
        {p.open && (
          <Button type="primary" loading={p.state.pending} onClick={p.onConfirm} data-testid={`${p.testId}-submit`}>
            {action(p.state.action)}
          </Button>
        )}
        <Button onClick={p.onBack} data-testid={`${p.testId}-back`}>
          {p.back}
        </Button>
      </Space>
    </>
  );
};
