import { useState, type ReactNode } from 'react';
import { App, Form, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { CONSIGNMENT } from '@tpl/contracts';
import { ApiError } from '../../../../api/client';
import type { TransitionRequest } from '../../../../api/consignment';
import { ProblemsAlert } from '../../../../shared/ProblemsAlert';
import { useSchemaValidation, type SafeParse } from '../../../../shared/zodForm';
import { useConsignmentTransition } from '../hooks';
import { useConsignmentLabels } from '../labels';

export type ModalTarget = { id: string; version: number; billNo: string };

export type ActionModalProps = { target: ModalTarget; onClose: () => void };

type Props<V> = {
  onClose: () => void;
  title: string;
  initialValues: V;
  /** the form's top-level field names (issues on other paths are shown above the form) */
  fields: readonly string[];
  /** the request to send, validated by the contracts' schema of that transition */
  toRequest: (values: V) => SafeParse<TransitionRequest>;
  children: ReactNode;
};

const okButtonProps = { 'data-testid': 'modal-ok' } as ButtonProps;

/** Turns a successful parse of a transition's body into the request carrying it. */
export const asRequest = <B, R extends TransitionRequest>(result: SafeParse<B>, wrap: (body: B) => R): SafeParse<TransitionRequest> =>
  result.success ? { success: true, data: wrap(result.data) } : result;

/**
 * A transition that needs input: the form is checked with the same zod schema the server
 * uses, then posted with the version the user is looking at. A 409 closes the dialog (the
 * document changed under us and is being refetched); other errors keep it open to fix.
 */
export const ActionModal = <V extends object>({ onClose, title, initialValues, fields, toRequest, children }: Props<V>) => {
  const { t } = useConsignmentLabels();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const transition = useConsignmentTransition();
  const [problems, setProblems] = useState<string[]>([]);
  const { validate, onFieldsChange } = useSchemaValidation(form, CONSIGNMENT, fields, () => toRequest(form.getFieldsValue(true) as V));

  const submit = async () => {
    const checked = validate();
    setProblems(checked.ok ? [] : checked.unplaced);
    if (!checked.ok) return;
    try {
      await transition.mutateAsync(checked.data);
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
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={okButtonProps}
      confirmLoading={transition.isPending}
    >
      <ProblemsAlert problems={problems} testId="modal-error" style={{ marginBottom: 16 }} />
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFieldsChange={onFieldsChange} onFinish={() => void submit()}>
        {children}
      </Form>
    </Modal>
  );
};
