import type { ComponentType } from 'react';
import { Button, Card, Table, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { DocumentDef, FreightLine, KitDocument } from '@tpl/contracts';
import { formatNumber } from '../../shared/format';
import { transportApi, transportKeys } from './api';
import { SigningProof } from './SigningProof';
import { timelinePath } from './TimelinePage';

export type ViewExtraProps = { def: DocumentDef; doc: KitDocument };
export type ViewExtras = Record<string, { toolbar?: ComponentType<ViewExtraProps>; details?: ComponentType<ViewExtraProps>; list?: ComponentType<{ def: DocumentDef }> }>;

const TimelineButton = ({ doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate(timelinePath(doc.id))} data-testid="open-chain-timeline">
      {t('timeline.openTimeline')}
    </Button>
  );
};

const SigningButton = ({ def, doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!['ToSign', 'ReceivedEarly'].includes(doc.state)) return null;
  return (
    <Button type="primary" onClick={() => navigate(def.routes.edit.replace(':id', doc.id))} data-testid="open-signing">
      {t('signing.title')}
    </Button>
  );
};

const Proof = ({ doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  if (!doc.signature) return null;
  return (
    <Card size="small" title={t('signing.signatureShown')} style={{ marginTop: 12 }}>
      <SigningProof doc={doc} />
    </Card>
  );
};

/** A dispatch bill's freight explained: per note and goods line, which price, which quantity, which basis, the arithmetic. */
const Freight = ({ doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const issued = doc.state !== 'Draft';
  const q = useQuery({ queryKey: [...transportKeys.all, 'freight', doc.id, doc.version], queryFn: ({ signal }) => transportApi.freight(doc.id, signal), enabled: issued });
  if (!issued || !q.data) return null;
  return (
    <Card size="small" style={{ marginTop: 12 }} title={`${t('dispatch.fields.freight', { defaultValue: 'Freight' })}: ${formatNumber(q.data.freight)}`} data-testid="freight-explained">
      <Table<FreightLine>
        size="small"
        pagination={false}
        rowKey={(l) => `${l.noteId}:${l.materialCode}:${l.source}`}
        dataSource={q.data.lines}
        columns={[
          { title: t('signing.note'), dataIndex: 'noteBillNo' },
          { title: t('signing.material'), dataIndex: 'materialCode' },
          { title: t('dispatch.fields.freight', { defaultValue: 'Freight' }), render: (_, l) => <Typography.Text code>{l.formula}</Typography.Text> },
          { title: '=', render: (_, l) => formatNumber(l.amount) },
        ]}
      />
    </Card>
  );
};

/** What the transport documents add to the kit's generic view (web/src/features/documents/extras.tsx reads it). */
export const transportViewExtras: ViewExtras = {
  consignment: { toolbar: TimelineButton },
  consignmentbill: { details: Proof },
  dispatch: { details: Freight },
  deliverybill: { toolbar: SigningButton, details: Proof },
};
