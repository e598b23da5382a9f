import { Form, Input } from 'antd';
import { cancelSchema } from '@tpl/contracts';
import { useConsignmentLabels } from '../labels';
import { ActionModal, asRequest, type ActionModalProps } from './ActionModal';

type Values = { reason?: string };

/** CANCEL: an optional reason. */
export const CancelModal = ({ target, onClose }: ActionModalProps) => {
  const labels = useConsignmentLabels();
  return (
    <ActionModal<Values>
      onClose={onClose}
      title={labels.t('consignment.modal.cancel', { billNo: target.billNo })}
      initialValues={{}}
      fields={['reason']}
      toRequest={(values) =>
        asRequest(cancelSchema.safeParse({ id: target.id, version: target.version, reason: values.reason || undefined }), (body) => ({
          action: 'cancel',
          body,
        }))
      }
    >
      <Form.Item name="reason" label={labels.field('reason')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="reason" />
      </Form.Item>
    </ActionModal>
  );
};
