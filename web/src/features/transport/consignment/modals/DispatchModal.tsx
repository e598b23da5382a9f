import { Form, Input } from 'antd';
import { dispatchSchema } from '@tpl/contracts';
import { useConsignmentLabels } from '../labels';
import { ActionModal, asRequest, type ActionModalProps } from './ActionModal';

type Values = { plateNo?: string; driverName?: string; driverMobile?: string };
const fields = ['plateNo', 'driverName', 'driverMobile'] as const satisfies readonly (keyof typeof dispatchSchema.shape)[];

/** DISPATCH: plate, driver and mobile, checked by the contracts' dispatchSchema. */
export const DispatchModal = ({ target, onClose }: ActionModalProps) => {
  const labels = useConsignmentLabels();
  return (
    <ActionModal<Values>
      onClose={onClose}
      title={labels.t('consignment.modal.dispatch', { billNo: target.billNo })}
      initialValues={{}}
      fields={fields}
      toRequest={(values) =>
        asRequest(dispatchSchema.safeParse({ id: target.id, version: target.version, ...values }), (body) => ({ action: 'dispatch', body }))
      }
    >
      {fields.map((name) => (
        <Form.Item key={name} name={name} label={labels.field(name)} required>
          <Input data-testid={name} autoComplete="off" />
        </Form.Item>
      ))}
    </ActionModal>
  );
};
