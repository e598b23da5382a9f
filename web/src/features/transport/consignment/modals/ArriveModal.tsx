import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { arriveSchema } from '@tpl/contracts';
import { DATE_TIME_FORMAT } from '../../../../shared/format';
import { useConsignmentLabels } from '../labels';
import { ActionModal, asRequest, type ActionModalProps } from './ActionModal';

type Values = { arrivedAt?: Dayjs | null };

/** ARRIVE: the arrival time, now unless the user says otherwise. */
export const ArriveModal = ({ target, onClose }: ActionModalProps) => {
  const labels = useConsignmentLabels();
  return (
    <ActionModal<Values>
      onClose={onClose}
      title={labels.t('consignment.modal.arrive', { billNo: target.billNo })}
      initialValues={{ arrivedAt: dayjs() }}
      fields={['arrivedAt']}
      toRequest={(values) =>
        asRequest(
          arriveSchema.safeParse({ id: target.id, version: target.version, arrivedAt: values.arrivedAt?.toISOString() }),
          (body) => ({ action: 'arrive', body }),
        )
      }
    >
      <Form.Item name="arrivedAt" label={labels.field('arrivedAt')}>
        <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </ActionModal>
  );
};
