import { Alert, Collapse, Descriptions, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONSIGNMENT, fieldKey, type ProcessVariables } from '@tpl/contracts';
import { paths } from '../../../paths';
import { formatDateTime, formatNumber } from '../../../shared/format';
import { ConsignmentDetails } from '../../transport/consignment/ConsignmentDetails';
import { useConsignment } from '../../transport/consignment/hooks';
import { StateTag } from '../../transport/consignment/StateTag';
import { LeaveDetails } from '../leave/LeaveDetails';
import { useLeave } from '../hooks';

const ConsignmentSummary = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const doc = useConsignment(id);
  if (doc.isLoading) return <Spin />;
  if (!doc.data) return <Alert type="warning" showIcon title={t('flow.detail.documentMissing')} />;
  const c = doc.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="document-summary" data-document="consignment">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'billNo', label: t('consignment.fields.billNo'), children: <Link to={paths.consignmentView(c.id)} data-testid="summary-open-document">{c.billNo}</Link> },
          { key: 'state', label: t('consignment.fields.state'), children: <StateTag state={c.state} testId="summary-state" /> },
          { key: 'isReview', label: t('consignment.fields.isReview'), children: <Tag data-testid="summary-isReview" data-value={c.isReview}>{t(`enum.isReview.${c.isReview}`)}</Tag> },
          { key: 'customerCode', label: t('consignment.fields.customerCode'), children: c.customerCode },
          { key: 'consignee', label: t(fieldKey(CONSIGNMENT, ['consignee'])), children: `${c.consignee.name} · ${c.consignee.address}` },
          { key: 'plannedDate', label: t('consignment.fields.plannedDate'), children: c.plannedDate },
          { key: 'qty', label: t('consignment.fields.totalQty'), children: formatNumber(c.totals.qty) },
          { key: 'weg', label: t('consignment.fields.totalWeg'), children: formatNumber(c.totals.weg) },
          { key: 'updated', label: t('flow.detail.lastChange'), children: formatDateTime(c.updatedAt) },
        ]}
      />
      <Collapse size="small" items={[{ key: 'all', label: t('flow.detail.allFields'), children: <ConsignmentDetails doc={c} /> }]} />
    </Space>
  );
};

const LeaveSummary = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const leave = useLeave(id);
  if (leave.isLoading) return <Spin />;
  if (!leave.data) return <Alert type="warning" showIcon title={t('flow.detail.documentMissing')} />;
  return <LeaveDetails leave={leave.data} />;
};

const VariablesSummary = ({ variables }: { variables: ProcessVariables }) => {
  const { t } = useTranslation();
  const entries = Object.entries(variables).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
  if (!entries.length) return null;
  return (
    <Descriptions
      size="small"
      bordered
      title={t('flow.fields.variables')}
      column={{ xs: 1, md: 2 }}
      data-testid="document-summary"
      items={entries.map(([k, v]) => ({ key: k, label: k, children: String(v) }))}
    />
  );
};

/** What the task is about: a consignment (its own summary and a link to its view), a leave request, or the process variables. */
export const DocumentSummary = ({ documentType, businessKey, variables }: { documentType: string | null; businessKey: string | null; variables: ProcessVariables }) => {
  if (documentType === 'consignment' && businessKey) return <ConsignmentSummary id={businessKey} />;
  if (documentType === 'leave' && businessKey) return <LeaveSummary id={businessKey} />;
  return <VariablesSummary variables={variables} />;
};
