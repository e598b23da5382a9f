import { Alert, Collapse, Descriptions, Space, Spin, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { documentPath, type DocumentDef } from '@tpl/contracts';
import { formatDateTime, formatNumber } from '../../shared/format';
import { RefValue } from '../../shared/widgets/FieldValue';
import { DocumentDetails } from './DocumentDetails';
import { useDocument } from './hooks';
import { useDocumentLabels } from './labels';
import { listColumnsOf, valueAt } from './model';
import { StateTag } from './StateTag';

/**
 * A document an approval task is about, for the approver: its number (the way to it), state,
 * review, the list's columns, and every field on request.
 */
export const DocumentSummary = ({ def, id }: { def: DocumentDef; id: string }) => {
  const { t, field, enumValue } = useDocumentLabels(def);
  const doc = useDocument(def, id);
  if (doc.isLoading) return <Spin />;
  if (!doc.data) return <Alert type="warning" showIcon title={t('flow.detail.documentMissing')} />;
  const d = doc.data;
  const shown = (path: string, kind: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return t('common.empty');
    if (kind === 'number' && typeof value === 'number') return formatNumber(value);
    if (kind === 'datetime') return formatDateTime(String(value));
    if (kind === 'enum') return enumValue(path.split('.').pop()!, String(value));
    return String(value);
  };
  const columns = listColumnsOf(def).filter((c) => !['billNo', 'state', 'isReview', 'createdByName'].includes(c.key));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="document-summary" data-document={def.name}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'billNo', label: field('billNo'), children: <Link to={documentPath(def, 'view', d.id)} data-testid="summary-open-document">{d.billNo}</Link> },
          { key: 'state', label: field('state'), children: <StateTag def={def} state={d.state} testId="summary-state" /> },
          { key: 'isReview', label: field('isReview'), children: <Tag data-testid="summary-isReview" data-value={d.isReview}>{t(`enum.isReview.${d.isReview}`)}</Tag> },
          ...columns.map((c) => {
            const v = valueAt(d, c.path);
            return { key: c.key, label: field(c.key), children: c.field?.kind === 'ref' && v !== undefined && v !== null && v !== '' ? <RefValue entity={c.field.entity} value={v} /> : shown(c.path, c.kind, v) };
          }),
        ]}
      />
      <Collapse size="small" items={[{ key: 'all', label: t('flow.detail.allFields'), children: <DocumentDetails def={def} doc={d} /> }]} />
    </Space>
  );
};
