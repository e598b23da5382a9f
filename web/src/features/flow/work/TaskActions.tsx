import { useState } from 'react';
import { CheckOutlined, CheckSquareOutlined, CloseOutlined, CopyOutlined, SendOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { Modal } from '../../../shared/widgets/Modal';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_BUTTONS, START_NODE, type TaskRow } from '@tpl/contracts';
import { useButtons } from '../../../auth/buttons';
import { useSession } from '../../../auth/session';
import { flowApi } from '../api';
import { useBackNodes, useTaskAction, useUserOptions } from '../hooks';

export type Decision = 'approve' | 'reject' | 'delegate' | 'transfer' | 'copy';
type Values = { comment?: string; targetNodeKey?: string; userAccount?: string; userAccounts?: string[] };

/** A user of the tenant, searched on the server as the user types. */
const UserSelect = ({ multiple, value, onChange, testId }: { multiple?: boolean; value?: string | string[]; onChange?: (v: string | string[]) => void; testId: string }) => {
  const [keyword, setKeyword] = useState('');
  const users = useUserOptions(keyword);
  const me = useSession()?.token.account;
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={onChange}
      loading={users.isFetching}
      data-testid={testId}
      options={(users.data ?? []).filter((u) => u.value !== me).map((u) => ({ value: u.value, label: `${u.label} (${u.value})` }))}
    />
  );
};

/**
 * What the holder of a task can do with it: claim it (a candidate task), approve, reject
 * (to the start or to a node passed), delegate, transfer or copy it; each with a comment.
 * A reject needs its comment: the initiator must learn why.
 */
export const TaskActions = ({ task, onDone }: { task: TaskRow; onDone: (decision: Decision | 'claim') => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const has = useButtons();
  const session = useSession();
  const me = session?.token.account;
  const [open, setOpen] = useState<Decision>();
  const [form] = Form.useForm<Values>();
  const backNodes = useBackNodes(task.taskId, open === 'reject');
  const action = useTaskAction(async ({ decision, values }: { taskId: string; decision: Decision; values: Values }) => {
    const base = { taskId: task.taskId, version: task.version, comment: values.comment?.trim() || undefined };
    switch (decision) {
      case 'approve':
        return flowApi.approve(base);
      case 'reject':
        return flowApi.reject({ ...base, comment: values.comment?.trim() ?? '', targetNodeKey: values.targetNodeKey && values.targetNodeKey !== START_NODE ? values.targetNodeKey : undefined });
      case 'delegate':
        return flowApi.delegate({ ...base, userAccount: values.userAccount ?? '' });
      case 'transfer':
        return flowApi.transfer({ ...base, userAccount: values.userAccount ?? '' });
      case 'copy':
        return flowApi.copy({ ...base, userAccounts: values.userAccounts ?? [] });
    }
  }, task.instanceId);
  const claim = useTaskAction(flowApi.claim, task.instanceId);

  if (task.status !== 'open') return null;
  const mine = task.assignee === me;
  const candidate = !task.assignee && (task.candidateUsers.includes(me ?? '') || task.candidateRoles.some((r) => session?.token.roles.includes(r)));

  if (!mine && !candidate) return null;
  const claimButton = candidate && has(FLOW_BUTTONS.claim) && (
      <Button
        type="primary"
        icon={<CheckSquareOutlined />}
        loading={claim.isPending}
        data-testid="task-claim"
        onClick={async () => {
          try {
            await claim.mutateAsync({ taskId: task.taskId, version: task.version });
            void message.success(t('flow.inbox.claimed'));
            onDone('claim');
          } catch {
            // shown by the client
          }
        }}
      >
        {t('flow.inbox.claim')}
      </Button>
  );

  const submit = async (values: Values) => {
    if (!open) return;
    try {
      await action.mutateAsync({ taskId: task.taskId, decision: open, values });
      void message.success({ content: t(`flow.detail.done.${open}`), props: { 'data-testid': 'decision-done' } as object });
      const decision = open;
      setOpen(undefined);
      onDone(decision);
    } catch {
      // shown by the client; the modal stays open with what was typed
    }
  };

  // a delegate hands the task back by completing it; the rest is the owner's
  const delegated = task.delegationState === 'PENDING';
  // a candidate decides (approve, reject) without claiming first; handing on is the holder's
  const buttons: { decision: Decision; code: string; icon: React.ReactNode; props?: ButtonProps }[] = [
    { decision: 'approve', code: FLOW_BUTTONS.approve, icon: <CheckOutlined />, props: { type: 'primary' } },
    ...(delegated ? [] : [{ decision: 'reject' as const, code: FLOW_BUTTONS.reject, icon: <CloseOutlined />, props: { danger: true } }]),
    ...(delegated || !mine
      ? []
      : [
          { decision: 'delegate' as const, code: FLOW_BUTTONS.delegate, icon: <SendOutlined /> },
          { decision: 'transfer' as const, code: FLOW_BUTTONS.transfer, icon: <SwapOutlined /> },
        ]),
    ...(mine ? [{ decision: 'copy' as const, code: FLOW_BUTTONS.copy, icon: <CopyOutlined /> }] : []),
  ];

  return (
    <>
      <Space wrap data-testid="task-actions">
        {/* a candidate may claim first, or decide at once (deciding claims the task) */}
        {claimButton}
        {buttons
          .filter((b) => has(b.code))
          .map((b) => (
            <Button
              key={b.decision}
              icon={b.icon}
              {...b.props}
              data-testid={`task-${b.decision}`}
              onClick={() => {
                form.resetFields();
                if (b.decision === 'reject') form.setFieldsValue({ targetNodeKey: START_NODE });
                setOpen(b.decision);
              }}
            >
              {delegated && b.decision === 'approve' ? t('flow.detail.resolve') : t(`flow.detail.actions.${b.decision}`)}
            </Button>
          ))}
      </Space>
      <Modal
        open={Boolean(open)}
        title={open ? t(`flow.detail.actions.${open}`) : ''}
        onCancel={() => setOpen(undefined)}
        onOk={() => form.submit()}
        confirmLoading={action.isPending}
        okButtonProps={{ 'data-testid': 'decision-ok', danger: open === 'reject' } as ButtonProps}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          {open === 'reject' && (
            <Form.Item name="targetNodeKey" label={t('flow.fields.targetNodeKey')} rules={[{ required: true, message: t('flow.detail.chooseTarget') }]}>
              <Select
                data-testid="decision-target"
                loading={backNodes.isFetching}
                options={(backNodes.data ?? [{ nodeKey: START_NODE, nodeName: '' }]).map((n) => ({
                  value: n.nodeKey,
                  label: n.nodeKey === START_NODE ? t('flow.detail.backToStart') : n.nodeName || n.nodeKey,
                }))}
              />
            </Form.Item>
          )}
          {(open === 'delegate' || open === 'transfer') && (
            <Form.Item name="userAccount" label={t('flow.fields.userAccount')} rules={[{ required: true, message: t('flow.detail.chooseUser') }]}>
              <UserSelect testId="decision-user" />
            </Form.Item>
          )}
          {open === 'copy' && (
            <Form.Item name="userAccounts" label={t('flow.fields.userAccounts')} rules={[{ required: true, message: t('flow.detail.chooseUser') }]}>
              <UserSelect multiple testId="decision-users" />
            </Form.Item>
          )}
          <Form.Item
            name="comment"
            label={t('flow.fields.comment')}
            rules={[
              { required: open === 'reject', whitespace: true, message: t('flow.detail.commentRequired') },
              { max: 1000, message: t('flow.detail.commentTooLong') },
            ]}
          >
            <Input.TextArea rows={4} maxLength={1000} showCount data-testid="decision-comment-input" placeholder={open === 'reject' ? t('flow.detail.rejectHint') : t('flow.detail.commentHint')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
