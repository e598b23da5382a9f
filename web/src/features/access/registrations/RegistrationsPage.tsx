import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { Table } from '../../../shared/widgets/Table';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, REGISTRATION_BUTTONS, registrationStatuses, type RegistrationRow, type RegistrationStatus } from '@tpl/contracts';
import { allowedRegistrationEvents } from '@tpl/workflows';
import { useButtons } from '../../../auth/buttons';
import { formatDateTime } from '../../../shared/format';
import type { RegistrationFilter } from './api';
import { ApproveDialog } from './ApproveDialog';
import { RejectDialog } from './RejectDialog';
import { useRegistrations } from './hooks';

const STATUS_COLOR: Record<RegistrationStatus, string> = { PENDING: 'processing', APPROVED: 'success', REJECTED: 'error' };
type Filters = { status?: RegistrationStatus | ''; account?: string };

/**
 * The tenant administrator's registrations (spec 01 register-guest): pending ones first,
 * filtered by status; approve (roles and department) or reject (with a reason) while pending.
 */
export const RegistrationsPage = () => {
  const { t } = useTranslation();
  const has = useButtons();
  const [query, setQuery] = useState<RegistrationFilter>({ status: 'PENDING', current: 1, size: 20 });
  const { data, isFetching } = useRegistrations(query);
  const [approving, setApproving] = useState<RegistrationRow | null>(null);
  const [rejecting, setRejecting] = useState<RegistrationRow | null>(null);
  const [form] = Form.useForm<Filters>();

  const search = (v: Filters) => setQuery({ current: 1, size: query.size, ...(v.status ? { status: v.status } : {}), ...(v.account?.trim() ? { account: v.account.trim() } : {}) });

  const columns: TableColumnsType<RegistrationRow> = [
    { key: 'account', dataIndex: 'account', title: t('registration.fields.account') },
    { key: 'name', dataIndex: 'name', title: t('registration.fields.name') },
    { key: 'source', dataIndex: 'source', title: t('registration.fields.source') },
    { key: 'externalName', dataIndex: 'externalName', title: t('registration.fields.externalName') },
    { key: 'email', dataIndex: 'email', title: t('registration.fields.email') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('registration.fields.status'),
      render: (s: RegistrationStatus) => <Tag color={STATUS_COLOR[s]}>{t(`registration.status.${s}`)}</Tag>,
    },
    { key: 'submittedAt', dataIndex: 'submittedAt', title: t('registration.fields.submittedAt'), render: (v: string) => formatDateTime(v) },
    {
      key: 'decision',
      title: t('registrations.columns.decision'),
      render: (_: unknown, r) =>
        r.decidedAt ? (
          <Space orientation="vertical" size={0}>
            <span>
              {r.decidedBy} · {formatDateTime(r.decidedAt)}
            </span>
            {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
            {r.roleId.length > 0 && <Typography.Text type="secondary">{r.roleId.join(', ')}</Typography.Text>}
          </Space>
        ) : null,
    },
    {
      key: 'actions',
      title: t('registrations.columns.actions'),
      render: (_: unknown, r) => {
        const allowed = allowedRegistrationEvents(r.status);
        return (
          <Space>
            {allowed.includes('APPROVE') && has(REGISTRATION_BUTTONS.approve) && (
              <Button type="link" size="small" onClick={() => setApproving(r)} data-testid={`approve-${r.account}`}>
                {t('registration.actions.approve')}
              </Button>
            )}
            {allowed.includes('REJECT') && has(REGISTRATION_BUTTONS.reject) && (
              <Button type="link" size="small" danger onClick={() => setRejecting(r)} data-testid={`reject-${r.account}`}>
                {t('registration.actions.reject')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t('registrations.page.title')} data-testid="registrations-page">
      <Typography.Paragraph type="secondary">{t('registrations.page.hint')}</Typography.Paragraph>
      <Form form={form} layout="inline" initialValues={{ status: 'PENDING' }} onFinish={search} style={{ marginBottom: 16 }}>
        <Form.Item name="status" label={t('registrations.filters.status')}>
          <Select
            style={{ width: 140 }}
            data-testid="registrations-status"
            options={[{ value: '', label: t('registrations.filters.all') }, ...registrationStatuses.map((s) => ({ value: s, label: t(`registration.status.${s}`) }))]}
          />
        </Form.Item>
        <Form.Item name="account" label={t('registrations.filters.account')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('registrations.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({ status: 'PENDING' });
            }}
          >
            {t('registrations.filters.reset')}
          </Button>
        </Space>
      </Form>
      <Table<RegistrationRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        locale={{ emptyText: t('registrations.empty') }}
        pagination={{
          current: query.current,
          pageSize: query.size,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          onChange: (current, size) => setQuery({ ...query, current: size === query.size ? current : 1, size: size as RegistrationFilter['size'] }),
        }}
      />
      {approving && <ApproveDialog row={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
};
