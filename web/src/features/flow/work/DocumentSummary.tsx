import { Alert, Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentByName, type ProcessVariables } from '@tpl/contracts';
import { DocumentSummary as KitDocumentSummary } from '../../documents/DocumentSummary';
import { LeaveDetails } from '../leave/LeaveDetails';
import { useLeave } from '../hooks';

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

/** What the task is about: a document of the kit (its summary and a link to its view), a leave request, or the process variables. */
export const DocumentSummary = ({ documentType, businessKey, variables }: { documentType: string | null; businessKey: string | null; variables: ProcessVariables }) => {
  const def = documentType ? documentByName(documentType) : undefined;
  if (def && businessKey) return <KitDocumentSummary def={def} id={businessKey} />;
  if (documentType === 'leave' && businessKey) return <LeaveSummary id={businessKey} />;
  return <VariablesSummary variables={variables} />;
};
