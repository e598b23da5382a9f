import { CheckSquareOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import { Table } from '../../../shared/widgets/Table';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { FLOW_BUTTONS, reviewDocumentTypes, type CopyRow, type InstanceRow, type TaskRow } from '@tpl/contracts';
import { useButtons } from '../../../auth/buttons';
import { formatDateTime } from '../../../shared/format';
import { flowApi } from '../api';
import { useRoleOptions, useTab, useTaskAction } from '../hooks';
import { useRecordNames } from '../../../shared/widgets/names';
import { flowPaths, inboxTabs, type InboxTab } from '../paths';
import { useListState } from '../shared/listState';
import { InstanceStateTag } from './InstanceStateTag';
import { instanceLink, taskLink } from './links';

/** Who may claim a task, by name: its roles ("角色 审批人", never the alias approver) and its people. */
const Candidates = ({ roles, users }: { roles: readonly string[]; users: readonly string[] }) => {
  const { t } = useTranslation();
  const options = useRoleOptions();
  const roleName = (alias: string) => options.data?.find((o) => o.value === alias)?.label ?? alias;
  const people = useRecordNames('user', users);
  return (
    <span data-testid="task-candidates">
      {[...roles.map((x) => t('flow.inbox.role', { role: roleName(x) })), ...users.map((u, i) => people[i] ?? u)].join(t('common.listSeparator'))}
    </span>
  );
};

const TaskTable = ({ tab }: { tab: 'todo' | 'claim' | 'done' }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const has = useButtons();
  const { query, pagination } = useListState(['keyword', 'documentType'] as const);
  const list = useTab(tab, query);
  const claim = useTaskAction(flowApi.claim);
  const columns: TableColumnsType<TaskRow> = [
    {
      title: t('flow.inbox.title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <Space>
          <Link to={taskLink(r, tab !== 'done')} data-testid={`task-${r.title}`}>
            {v}
          </Link>
          {r.escalated && <Tag color="red">{t('flow.inbox.escalated')}</Tag>}
          {r.delegationState === 'PENDING' && <Tag color="purple">{t('flow.inbox.delegated')}</Tag>}
        </Space>
      ),
    },
    { title: t('flow.inbox.node'), dataIndex: 'taskName' },
    { title: t('flow.inbox.process'), dataIndex: 'processName' },
    { title: t('flow.fields.documentType'), dataIndex: 'documentType', render: (v: string | null) => (v ? t(`enum.reviewDocumentType.${v}`, { defaultValue: v }) : '') },
    { title: t('flow.inbox.initiator'), dataIndex: 'initiatorName' },
    tab === 'claim'
      ? { title: t('flow.inbox.candidates'), key: 'candidates', render: (_, r) => <Candidates roles={r.candidateRoles} users={r.candidateUsers} /> }
      : { title: t('flow.inbox.assignee'), dataIndex: 'assigneeName', render: (v: string | null, r) => v ?? r.assignee ?? '' },
    { title: t('flow.inbox.created'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
    ...(tab === 'done'
      ? [
          { title: t('flow.inbox.finished'), dataIndex: 'endTime', render: (v: string | null) => formatDateTime(v) },
          { title: t('flow.inbox.decision'), dataIndex: 'decision', render: (v: string | null, r: TaskRow) => (v ? <Tag color={v === 'approve' ? 'green' : 'red'}>{t(`flow.decision.${v}`)}</Tag> : t(`enum.taskStatus.${r.status}`)) },
          { title: t('flow.fields.comment'), dataIndex: 'comment', render: (v: string | null) => <Typography.Text ellipsis={{ tooltip: v }}>{v ?? ''}</Typography.Text> },
        ]
      : []),
    {
      title: t('flow.column.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          {tab === 'claim' && has(FLOW_BUTTONS.claim) && (
            <Button
              type="link"
              size="small"
              icon={<CheckSquareOutlined />}
              loading={claim.isPending && claim.variables?.taskId === r.taskId}
              data-testid={`claim-${r.title}`}
              onClick={async () => {
                try {
                  await claim.mutateAsync({ taskId: r.taskId, version: r.version });
                  void message.success(t('flow.inbox.claimed'));
                  navigate(taskLink(r, true));
                } catch {
                  // shown by the client (someone else claimed it first: 409)
                }
              }}
            >
              {t('flow.inbox.claim')}
            </Button>
          )}
          <Button type="link" size="small" icon={<FolderOpenOutlined />} onClick={() => navigate(taskLink(r, tab !== 'done'))} data-testid={`open-${r.title}`}>
            {tab === 'done' ? t('flow.inbox.view') : t('flow.inbox.handle')}
          </Button>
        </Space>
      ),
    },
  ];
  return <Table rowKey="taskId" loading={list.isFetching} dataSource={list.data?.records ?? []} columns={columns} pagination={pagination(list.data?.total)} data-testid={`inbox-${tab}`} scroll={{ x: true }} />;
};

const SentTable = () => {
  const { t } = useTranslation();
  const { query, pagination } = useListState(['keyword', 'documentType'] as const);
  const list = useTab('send', query);
  const columns: TableColumnsType<InstanceRow> = [
    { title: t('flow.inbox.title'), dataIndex: 'title', render: (v: string, r) => <Link to={instanceLink(r)} data-testid={`instance-${r.title}`}>{v}</Link> },
    { title: t('flow.inbox.process'), dataIndex: 'processName', render: (v: string, r) => `${v} v${r.processVersion}` },
    { title: t('flow.fields.state'), dataIndex: 'state', render: (_: string, r) => <InstanceStateTag state={r.state} /> },
    { title: t('flow.inbox.currentNodes'), dataIndex: 'currentNodes', render: (v: string[]) => v.join(', ') },
    { title: t('flow.inbox.started'), dataIndex: 'startTime', render: (v: string) => formatDateTime(v) },
    { title: t('flow.inbox.finished'), dataIndex: 'endTime', render: (v: string | null) => formatDateTime(v) },
  ];
  return <Table rowKey="instanceId" loading={list.isFetching} dataSource={list.data?.records ?? []} columns={columns} pagination={pagination(list.data?.total)} data-testid="inbox-send" scroll={{ x: true }} />;
};

const CopiedTable = () => {
  const { t } = useTranslation();
  const { query, pagination } = useListState(['keyword', 'documentType'] as const);
  const list = useTab('copy', query);
  const columns: TableColumnsType<CopyRow> = [
    {
      title: t('flow.inbox.title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <Link to={flowPaths.detail({ taskId: r.taskId, processInstanceId: r.instanceId })} data-testid={`copy-${r.title}`}>
          {v}
        </Link>
      ),
    },
    { title: t('flow.inbox.process'), dataIndex: 'processName' },
    { title: t('flow.inbox.copiedBy'), dataIndex: 'originatorName' },
    { title: t('flow.fields.comment'), dataIndex: 'comment', render: (v: string | null) => v ?? '' },
    { title: t('flow.inbox.copiedAt'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
  ];
  return <Table rowKey="copyId" loading={list.isFetching} dataSource={list.data?.records ?? []} columns={columns} pagination={pagination(list.data?.total)} data-testid="inbox-copy" scroll={{ x: true }} />;
};

const Filters = () => {
  const { t } = useTranslation();
  const { filters, setFilters } = useListState(['keyword', 'documentType'] as const);
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search allowClear defaultValue={filters.keyword} placeholder={t('flow.inbox.search')} onSearch={(keyword) => setFilters({ keyword })} style={{ width: 260 }} data-testid="inbox-search" />
      <Select
        allowClear
        value={filters.documentType}
        placeholder={t('flow.fields.documentType')}
        style={{ width: 160 }}
        options={reviewDocumentTypes.map((d) => ({ value: d, label: t(`enum.reviewDocumentType.${d}`) }))}
        onChange={(documentType?: string) => setFilters({ documentType })}
      />
    </Space>
  );
};

/** /flowable/work/{todo,claim,done,send,copy}: the approver's inbox, one tab per list, paged and filtered on the server. */
export const InboxPage = ({ tab }: { tab: InboxTab }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const body = (k: InboxTab) => (k === 'send' ? <SentTable /> : k === 'copy' ? <CopiedTable /> : <TaskTable tab={k} />);
  return (
    <Card title={t('flow.menu.inbox')}>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(k) => navigate(flowPaths.inbox(k as InboxTab))}
        items={inboxTabs.map((k) => ({
          key: k,
          label: <span data-testid={`inbox-tab-${k}`}>{t(`flow.menu.${k}`)}</span>,
          children: (
            <>
              <Filters />
              {body(k)}
            </>
          ),
        }))}
      />
    </Card>
  );
};
