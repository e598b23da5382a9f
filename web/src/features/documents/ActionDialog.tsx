import { App, Alert, Button } from 'antd';
import { Modal } from '../../shared/widgets/Modal';
import type { ButtonProps } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import type { DocumentDef, KitDocument } from '@tpl/contracts';
import { ProblemsAlert } from '../../shared/ProblemsAlert';
import { useSaid } from '../../shared/widgets/labels';
import { useActionSuggestion } from './hooks';
import { useDocumentLabels } from './labels';
import { ActionFields, useActionForm } from './ActionForm';

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
  const state = useActionForm(def, doc, action);
  const { a, inputs, form, onFieldsChange, problems } = state;
  const names = inputs.map(([k]) => k);
  const suggestion = useActionSuggestion(def, a.suggest?.route, doc.id);

  const submit = async () => {
    const outcome = await state.submit();
    if (outcome !== 'refused') onClose();
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
      confirmLoading={state.pending}
      width={inputs.some(([, f]) => f.kind === 'rows' || f.kind === 'signature') ? 880 : 520}
    >
      <ProblemsAlert problems={problems} testId="modal-error" style={{ marginBottom: 16 }} />
      {a.hint && <Alert type="info" showIcon title={said(a.hint)} style={{ marginBottom: 16 }} data-testid="dialog-hint" />}
      {a.suggest && (
        <Button icon={<BulbOutlined />} onClick={() => void suggest()} loading={suggestion.pending} style={{ marginBottom: 16 }} data-testid="dialog-suggest">
          {said(a.suggest.label)}
        </Button>
      )}
      <ActionFields state={state} onEnter={() => void submit()} />
    </Modal>
  );
};
