import { useState } from 'react';
import { App, Button, Space } from 'antd';
import type { ButtonProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { documentPath, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { useSaid } from '../../shared/widgets/labels';
import { allowedDocumentActions, nextDocumentState } from '@tpl/workflows';
import { ActionDialog } from './ActionDialog';
import { useDocumentAction, useRemoveDocuments } from './hooks';
import { useDocumentLabels } from './labels';
import { eventOfAction, takesInput } from './model';
import { SourceButtons } from './SourceButtons';
import { useDocumentButtons } from './permissions';

const okButtonProps = { 'data-testid': 'modal-ok' } as ButtonProps;

/**
 * The confirmation an action asks for before it runs (its description's `confirm`): the
 * description's own sentence when it gives one (the spec's "receive the selected delivery note
 * (DN) early"), else the kit's "<action> <title> <billNo>?". Used by the view's buttons and the
 * list's toolbar alike.
 */
export const useActionConfirm = (def: DocumentDef) => {
  const labels = useDocumentLabels(def);
  const { t, title } = labels;
  const { modal } = App.useApp();
  const said = useSaid();
  return (action: string, billNo: string, run: () => Promise<void>) => {
    const a = def.actions[action];
    const content =
      action === 'submitReview'
        ? t('documents.confirm.submitReview', { title, billNo })
        : typeof a?.confirm === 'object'
          ? `${said(a.confirm)} (${billNo})`
          : t('documents.confirm.action', { action: labels.action(action), title, billNo });
    modal.confirm({ title: t('common.confirmTitle'), content, okButtonProps: a?.danger ? { ...okButtonProps, danger: true } : okButtonProps, onOk: run });
  };
};

/**
 * The buttons of what the user may do now: the machine's call alone (allowedDocumentActions of
 * the description's machine), each shown only for its button code. Pressing one edits, deletes
 * (after a confirmation), opens the action's dialog when it takes input, asks first when the
 * description says so, or simply runs it.
 */
export const ActionButtons = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const labels = useDocumentLabels(def);
  const { t, title } = labels;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const can = useDocumentButtons(def);
  const run = useDocumentAction(def);
  const remove = useRemoveDocuments(def);
  const [dialog, setDialog] = useState<string | null>(null);
  const confirmAction = useActionConfirm(def);

  const act = async (action: string) => {
    try {
      await run.mutateAsync({ action, body: { id: doc.id, version: doc.version } });
      void message.success(t('app.operationSuccess'));
    } catch {
      // shown by the API client; a 409 has refetched the document
    }
  };

  const press = (action: string) => {
    if (action === 'edit') {
      navigate(documentPath(def, 'edit', doc.id));
      return;
    }
    if (action === 'remove') {
      modal.confirm({
        title: t('common.confirmTitle'),
        content: t('documents.confirm.remove', { title, billNo: doc.billNo }),
        okButtonProps,
        okType: 'danger',
        onOk: async () => {
          try {
            await remove.mutateAsync([doc.id]);
            void message.success(t('app.operationSuccess'));
            navigate(documentPath(def, 'list'));
          } catch {
            // shown by the API client
          }
        },
      });
      return;
    }
    const a = def.actions[action];
    if (takesInput(a)) {
      setDialog(action);
      return;
    }
    if (action === 'submitReview' || a?.confirm) {
      confirmAction(action, doc.billNo, () => act(action));
      return;
    }
    void act(action);
  };

  return (
    <>
      <Space wrap data-testid="action-buttons">
        {allowedDocumentActions(def, doc.state, doc.isReview)
          .filter((action) => can(action))
          .map((action) => {
            const event = eventOfAction(def, action);
            const next = nextDocumentState(def, doc.state, event, doc.isReview);
            const destructive = action === 'remove' || Boolean(def.actions[action]?.danger);
            const forward = next !== undefined && next !== doc.state && !destructive;
            return (
              <Button key={action} type={forward ? 'primary' : 'default'} danger={destructive} onClick={() => press(action)} data-testid={`action-${event.toLowerCase()}`}>
                {labels.action(action)}
              </Button>
            );
          })}
        <SourceButtons def={def} doc={doc} />
      </Space>
      {dialog && <ActionDialog def={def} doc={doc} action={dialog} onClose={() => setDialog(null)} />}
    </>
  );
};
