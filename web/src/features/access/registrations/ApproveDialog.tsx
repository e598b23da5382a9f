import { Alert, Form } from 'antd';
import { Modal } from '../../../shared/widgets/Modal';
import { useTranslation } from 'react-i18next';
import type { RegistrationRow } from '@tpl/contracts';
import { RefSelect } from '../../../shared/widgets/RefSelect';
import { useApproveRegistration, useDecisionDialog } from './hooks';

type Values = { roleId?: string[]; deptId?: string };

/** Approve: the administrator chooses the new user's roles (at least one) and department. */
export const ApproveDialog = ({ row, onClose }: { row: RegistrationRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const approve = useApproveRegistration();
  const { problem, setProblem, run } = useDecisionDialog(onClose);

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    if (!values.roleId?.length) {
      setProblem(t('registrations.approve.roleRequired'));
      return;
    }
    const body = { id: row.id, version: row.version, roleId: values.roleId, ...(values.deptId ? { deptId: values.deptId } : {}) };
    await run(() => approve.mutateAsync(body), t('registrations.approve.done', { account: row.account }));
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
