import { useState, type ComponentType } from 'react';
import { App, Button, Space } from 'antd';
import type { ButtonProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { CONSIGNMENT_BUTTONS, type Consignment } from '@tpl/contracts';
import { useButtons } from '../../../auth/buttons';
import { allowedConsignmentEvents, nextConsignmentState, type ConsignmentMachineEventType } from '@tpl/workflows';
import { paths } from '../../../paths';
import { useConsignmentTransition, useRemoveConsignments } from './hooks';
import { useConsignmentLabels } from './labels';
import type { ActionModalProps } from './modals/ActionModal';
import { ArriveModal } from './modals/ArriveModal';
import { CancelModal } from './modals/CancelModal';
import { DispatchModal } from './modals/DispatchModal';
import { SignModal } from './modals/SignModal';

/**
 * What pressing each machine event's button does. Which buttons exist is the machine's
 * call alone: allowedConsignmentEvents(state).
 */
type Behaviour =
  | { kind: 'edit' }
  | { kind: 'remove' }
  | { kind: 'confirm'; action: 'audit' | 'load' | 'submitReview' }
  | { kind: 'none' }
  | { kind: 'modal'; Modal: ComponentType<ActionModalProps> };

const behaviours: Record<ConsignmentMachineEventType, Behaviour> = {
  EDIT: { kind: 'edit' },
  REMOVE: { kind: 'remove' },
  SUBMIT_REVIEW: { kind: 'confirm', action: 'submitReview' },
  // the review process sends these; no user button
  REVIEW_APPROVED: { kind: 'none' },
  REVIEW_REJECTED: { kind: 'none' },
  AUDIT: { kind: 'confirm', action: 'audit' },
  LOAD: { kind: 'confirm', action: 'load' },
  DISPATCH: { kind: 'modal', Modal: DispatchModal },
  ARRIVE: { kind: 'modal', Modal: ArriveModal },
  SIGN: { kind: 'modal', Modal: SignModal },
  CANCEL: { kind: 'modal', Modal: CancelModal },
};

const okButtonProps = { 'data-testid': 'modal-ok' } as ButtonProps;

/** The button code each machine event's button needs (the server checks the same codes). */
const buttonCode: Record<ConsignmentMachineEventType, string> = {
  EDIT: CONSIGNMENT_BUTTONS.edit,
  REMOVE: CONSIGNMENT_BUTTONS.remove,
  SUBMIT_REVIEW: CONSIGNMENT_BUTTONS.submitReview,
  REVIEW_APPROVED: '',
  REVIEW_REJECTED: '',
  AUDIT: CONSIGNMENT_BUTTONS.audit,
  DISPATCH: CONSIGNMENT_BUTTONS.dispatch,
  LOAD: CONSIGNMENT_BUTTONS.load,
  ARRIVE: CONSIGNMENT_BUTTONS.arrive,
  SIGN: CONSIGNMENT_BUTTONS.sign,
  CANCEL: CONSIGNMENT_BUTTONS.cancel,
};

export const ActionButtons = ({ doc }: { doc: Consignment }) => {
  const labels = useConsignmentLabels();
  const { t } = labels;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const transition = useConsignmentTransition();
  const remove = useRemoveConsignments();
  const [open, setOpen] = useState<ComponentType<ActionModalProps> | null>(null);
  const has = useButtons();

  const target = { id: doc.id, version: doc.version, billNo: doc.billNo };

  const press = (event: ConsignmentMachineEventType) => {
    const behaviour = behaviours[event];
    switch (behaviour.kind) {
      case 'none':
        return;
      case 'edit':
        navigate(paths.consignmentEdit(doc.id));
        return;
      case 'modal':
        setOpen(() => behaviour.Modal);
        return;
      case 'confirm':
        modal.confirm({
          title: t('common.confirmTitle'),
          content: t(`consignment.confirm.${behaviour.action}`, { billNo: doc.billNo }),
          okButtonProps,
          onOk: async () => {
            try {
              await transition.mutateAsync({ action: behaviour.action, body: { id: doc.id, version: doc.version } });
              void message.success(t('app.operationSuccess'));
            } catch {
              // shown by the API client; a 409 has refetched the document
            }
          },
        });
        return;
      case 'remove':
        modal.confirm({
          title: t('common.confirmTitle'),
          content: t('consignment.confirm.remove', { billNo: doc.billNo }),
          okButtonProps,
          okType: 'danger',
          onOk: async () => {
            try {
              await remove.mutateAsync([doc.id]);
              void message.success(t('app.operationSuccess'));
              navigate(paths.consignmentList);
            } catch {
              // shown by the API client
            }
          },
        });
        return;
    }
  };

  const OpenModal = open;
  return (
    <>
      <Space wrap data-testid="action-buttons">
        {allowedConsignmentEvents(doc.state, doc.isReview).filter((event) => behaviours[event].kind !== 'none' && has(buttonCode[event])).map((event) => {
          const next = nextConsignmentState(doc.state, event, doc.isReview);
          const forward = next !== undefined && next !== doc.state && next !== 'Cancelled';
          const destructive = event === 'REMOVE' || next === 'Cancelled';
          return (
            <Button
              key={event}
              type={forward ? 'primary' : 'default'}
              danger={destructive}
              onClick={() => press(event)}
              data-testid={`action-${event.toLowerCase()}`}
            >
              {labels.action(event)}
            </Button>
          );
        })}
      </Space>
      {OpenModal && <OpenModal target={target} onClose={() => setOpen(null)} />}
    </>
  );
};
