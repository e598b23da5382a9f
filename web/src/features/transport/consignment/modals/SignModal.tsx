import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { signSchema } from '@tpl/contracts';
import { DATE_TIME_FORMAT } from '../../../../shared/format';
import { useConsignmentLabels } from '../labels';
import { ActionModal, asRequest, type ActionModalProps } from './ActionModal';

type Values = { signer?: string; signedAt?: Dayjs | null };

/** SIGN: who signed for the goods and when (now by default). */
export const SignModal = ({ target, onClose }: ActionModalProps) => {
  const labels = useConsignmentLabels();
  return (
    <ActionModal<Values>
      onClose={onClose}
      title={labels.t('consignment.modal.sign', { billNo: target.billNo })}
      initialValues={{ signedAt: dayjs() }}
      fields={['signer', 'signedAt']}
      toRequest={(values) =>
        asRequest(
          signSchema.safeParse({ id: target.id, version: target.version, signer: values.signer, signedAt: values.signedAt?.toISOString() }),
          (body) => ({ action: 'sign', body }),
        )
      }
    >
      <Form.Item name="signer" label={labels.field('signer')} required>
        <Input data-testid="signer" autoComplete="off" />
      </Form.Item>
      <Form.Item name="signedAt" label={labels.field('signedAt')}>
        <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </ActionModal>
  );
};
