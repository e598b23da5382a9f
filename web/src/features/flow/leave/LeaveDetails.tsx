import { Alert, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Leave } from '@tpl/contracts';
import { formatDateTime } from '../../../shared/format';

const stateColours: Record<Leave['state'], string> = { Draft: 'default', InReview: 'orange', Approved: 'green' };

/** One leave request, read only (the handle and detail pages, and the task's summary). */
export const LeaveDetails = ({ leave }: { leave: Leave }) => {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="document-summary" data-document="leave">
      {leave.state === 'Draft' && leave.rejectComment && <Alert type="warning" showIcon title={t('flow.leave.rejectedWith', { comment: leave.rejectComment })} data-testid="leave-rejected" />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'applicant', label: t('flow.leave.applicant'), children: leave.applicant.name },
          {
            key: 'state',
            label: t('flow.fields.state'),
            children: (
              <Tag color={stateColours[leave.state]} data-testid="leave-state" data-state={leave.state}>
                {t(`enum.leaveState.${leave.state}`)}
              </Tag>
            ),
          },
          { key: 'leaveType', label: t('leave.fields.leaveType'), children: t(`enum.leaveType.${leave.leaveType}`) },
          { key: 'days', label: t('leave.fields.days'), children: leave.days },
          { key: 'startTime', label: t('leave.fields.startTime'), children: formatDateTime(leave.startTime) },
          { key: 'endTime', label: t('leave.fields.endTime'), children: formatDateTime(leave.endTime) },
          { key: 'approver', label: t('leave.fields.approver'), children: leave.approver },
          { key: 'createdAt', label: t('flow.leave.submittedAt'), children: formatDateTime(leave.createdAt) },
          { key: 'reason', label: t('leave.fields.reason'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{leave.reason}</span>, span: 2 },
        ]}
      />
    </Space>
  );
};
