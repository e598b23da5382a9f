import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { Modal } from '../../../shared/widgets/Modal';
import { useTranslation } from 'react-i18next';
import type { RegistrationRow } from '@tpl/contracts';
import { useDecisionDialog, useRejectRegistration } from './hooks';

const REASON_MAX = 200;

/** Reject: the reason is kept with the application (its history shows who and when). */
export const RejectDialog = ({ row, onClose }: { row: RegistrationRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reject = useRejectRegistration();
  const { problem, setProblem, run } = useDecisionDialog(onClose);

  const submit = async () => {
    if (!reason.trim()) {
      setProblem(t('registrations.reject.reasonRequired'));
      return;
    }
    await run(() => reject.mutateAsync({ id: row.id, version: row.version, reason: reason.trim() }), t('registrations.reject.done'));
  };

  return (
    <Modal
      open
      title={t('registrations.reject.title', { account: row.account })}
      okText={t('registrations.reject.ok')}
      okButtonProps={{ danger: true, 'data-testid': 'reject-ok' }}
      confirmLoading={reject.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} data-testid="reject-error" style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label={t('registration.fields.reason')} required>
          <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} showCount rows={3} data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
