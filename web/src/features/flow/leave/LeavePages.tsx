import { useEffect, useState } from 'react';
import { EditOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LEAVE, leaveContentSchema, leaveTypes, type LeaveContent } from '@tpl/contracts';
import { useSession } from '../../../auth/session';
import { ProblemsAlert } from '../../../shared/ProblemsAlert';
import { DATE_TIME_FORMAT } from '../../../shared/format';
import { parseWithInput, useSchemaValidation } from '../../../shared/zodForm';
import { useLeave, useStartLeave, useUserOptions } from '../hooks';
import { flowPaths } from '../paths';
import { Workbench } from '../work/Workbench';
import { LeaveDetails } from './LeaveDetails';
import { suggestedDays } from './days';

type Values = { leaveType?: string; startTime?: Dayjs; endTime?: Dayjs; days?: number; reason?: string; approver?: string };
const fields = ['leaveType', 'startTime', 'endTime', 'days', 'reason', 'approver'] as const;

const toContent = (v: Values) => ({
  leaveType: v.leaveType,
  startTime: v.startTime?.toISOString(),
  endTime: v.endTime?.toISOString(),
  days: v.days,
  reason: v.reason,
  approver: v.approver,
});

const ApproverSelect = (props: { value?: string; onChange?: (v: string) => void }) => {
  const [keyword, setKeyword] = useState('');
  const users = useUserOptions(keyword);
  const me = useSession()?.token.account;
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={users.isFetching}
      data-testid="leave-approver"
      options={(users.data ?? []).filter((u) => u.value !== me).map((u) => ({ value: u.value, label: `${u.label} (${u.value})` }))}
    />
  );
};

/** /task/process/leave/form/:processDefinitionId: a new leave request, or (?businessId=) a rejected one changed and sent again. */
export const LeaveFormPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { processDefinitionId } = useParams();
  const [search] = useSearchParams();
  const businessId = search.get('businessId') ?? undefined;
  const existing = useLeave(businessId);
  const start = useStartLeave();
  const [form] = Form.useForm<Values>();
  const [problems, setProblems] = useState<string[]>([]);
  const { validate, onFieldsChange } = useSchemaValidation<LeaveContent>(form, LEAVE, fields, () => parseWithInput(leaveContentSchema, toContent(form.getFieldsValue(true) as Values)));

  useEffect(() => {
    const l = existing.data;
    if (l) form.setFieldsValue({ leaveType: l.leaveType, startTime: dayjs(l.startTime), endTime: dayjs(l.endTime), days: l.days, reason: l.reason, approver: l.approver });
  }, [existing.data, form]);

  const submit = async () => {
    const checked = validate();
    if (!checked.ok) {
      setProblems(checked.unplaced);
      return;
    }
    setProblems([]);
    try {
      const l = existing.data;
      const result = await start.mutateAsync({
        ...checked.data,
        ...(l ? { id: l.id, version: l.version } : {}),
        ...(processDefinitionId && processDefinitionId !== 'latest' ? { processDefinitionId } : {}),
      });
      void message.success(t('flow.leave.submitted'));
      navigate(flowPaths.leaveDetail(result.instanceId, result.id, true));
    } catch {
      // shown by the client
    }
  };

  if (businessId && existing.isLoading) return <Spin />;
  const changeDates = () => {
    const { startTime, endTime, days } = form.getFieldsValue();
    if (startTime && endTime && !days) form.setFieldsValue({ days: suggestedDays(startTime, endTime) });
  };

  return (
    <Card title={existing.data ? t('flow.leave.resubmitTitle') : t('flow.leave.formTitle')} style={{ maxWidth: 760 }}>
      {existing.data?.rejectComment && <ProblemsAlert problems={[t('flow.leave.rejectedWith', { comment: existing.data.rejectComment })]} style={{ marginBottom: 16 }} />}
      <ProblemsAlert problems={problems} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFieldsChange={onFieldsChange} onValuesChange={(changed) => ('startTime' in changed || 'endTime' in changed) && changeDates()}>
        <Form.Item name="leaveType" label={t('leave.fields.leaveType')} required>
          <Select data-testid="leave-type" options={leaveTypes.map((v) => ({ value: v, label: t(`enum.leaveType.${v}`) }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="startTime" label={t('leave.fields.startTime')} required>
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} data-testid="leave-start" />
          </Form.Item>
          <Form.Item name="endTime" label={t('leave.fields.endTime')} required>
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} data-testid="leave-end" />
          </Form.Item>
          <Form.Item name="days" label={t('leave.fields.days')} required extra={t('flow.leave.daysHelp')}>
            <InputNumber min={0.5} max={365} step={0.5} data-testid="leave-days" />
          </Form.Item>
        </Space>
        <Form.Item name="approver" label={t('leave.fields.approver')} required extra={t('flow.leave.approverHelp')}>
          <ApproverSelect />
        </Form.Item>
        <Form.Item name="reason" label={t('leave.fields.reason')} required>
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="leave-reason" />
        </Form.Item>
        <Button type="primary" icon={<SendOutlined />} loading={start.isPending} onClick={() => void submit()} data-testid="leave-submit">
          {t('flow.leave.submit')}
        </Button>
      </Form>
    </Card>
  );
};

const LeaveSummary = ({ businessId }: { businessId: string }) => {
  const leave = useLeave(businessId);
  return leave.data ? <LeaveDetails leave={leave.data} /> : <Spin />;
};

/** /task/process/leave/handle/:taskId/:processInstanceId/:businessId: the approver's page of a leave request. */
export const LeaveHandlePage = () => {
  const { taskId, processInstanceId, businessId } = useParams();
  return <Workbench instanceId={processInstanceId} taskId={taskId} summary={businessId ? <LeaveSummary businessId={businessId} /> : undefined} />;
};

/** /task/process/leave/detail/:processInstanceId/:businessId: a leave request and its review; the applicant of a rejected one can change and resend it. */
export const LeaveDetailPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processInstanceId, businessId } = useParams();
  const [search] = useSearchParams();
  const leave = useLeave(businessId);
  const me = useSession()?.token.account;
  const canResend = leave.data?.state === 'Draft' && leave.data.applicant.account === me;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canResend && (
        <Button icon={<EditOutlined />} onClick={() => navigate(`${flowPaths.leaveForm('latest')}?businessId=${businessId}`)} data-testid="leave-resend">
          {t('flow.leave.resend')}
        </Button>
      )}
      <Workbench instanceId={processInstanceId} starting={search.get('starting') === '1'} summary={businessId ? <LeaveSummary businessId={businessId} /> : undefined} />
    </Space>
  );
};
