import { useState } from 'react';
import { Alert, App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegistrationRow } from '@tpl/contracts';
import { ApiError } from '../../../api/client';
import { RefSelect } from '../../md/RefSelect';
import { useApproveRegistration } from './hooks';

type Values = { roleId?: string[]; deptId?: string };

/** Approve: the administrator chooses the new user's roles (at least one) and department. */
export const ApproveDialog = ({ row, onClose }: { row: RegistrationRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const approve = useApproveRegistration();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    if (!values.roleId?.length) {
      setProblem(t('registrations.approve.roleRequired'));
      return;
    }
    try {
      await approve.mutateAsync({ id: row.id, version: row.version, roleId: values.roleId, ...(values.deptId ? { deptId: values.deptId } : {}) });
      void message.success(t('registrations.approve.done', { account: row.account }));
      onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t('errors.unknown'));
    }
  };

  return (
    <Modal
      open
      title={t('registrations.approve.title', { account: row.account })}
      okText={t('registrations.approve.ok')}
      confirmLoading={approve.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'approve-ok' }}
      maskClosable={false}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} data-testid="approve-error" style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical">
        <Form.Item name="roleId" label={t('registration.fields.roleId')} required>
          <RefSelect entity="role" multiple testId="approve-roles" />
        </Form.Item>
        <Form.Item name="deptId" label={t('registration.fields.deptId')}>
          <RefSelect entity="dept" testId="approve-dept" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
