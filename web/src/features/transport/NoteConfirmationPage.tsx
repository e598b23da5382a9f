import { Card, Descriptions, Space, Table } from 'antd';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { documentByName, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { canDocument } from '@tpl/workflows';
import { documentApi } from '../../api/documents';
import { documentKeys } from '../../api/queryKeys';
import { formatDateTime, formatNumber } from '../../shared/format';
import { ActionPanel, useActionForm } from '../documents/ActionForm';
import { DocumentFormPage } from '../documents/DocumentFormPage';
import { DocumentHeading, DocumentScreen } from '../documents/DocumentScreen';
import { useDocumentLabels } from '../documents/labels';
import { noteRows, type NoteRow } from './confirmation.model';

const noteDef = documentByName('consignmentbill')!;

/**
 * What a confirmation screen confirms: the bill's type, the action it takes, the state it is taken
 * from, its title, and where the dispatcher goes once it is confirmed (read off the bill as it is then).
 */
export type Confirmation = { def: DocumentDef; action: string; from: string; titleKey: string; next: (after: KitDocument) => string };

/**
 * A bill of consignment notes confirmed on a screen of its own (spec 01: the loading bill's
 * arrival confirmation, the arrival bill's review confirmation): the bill, its notes with their
 * consignee, packages and weight (read off each note), and the action's inputs; confirming takes
 * the bill's own action at the version shown, then goes on to the next step's screen. A bill
 * still a draft (a loading bill before its loading) has nothing to confirm: the route is then
 * the kit's edit form, as for any draft (docs/DOMAIN.md "Transport").
 */
export const NoteConfirmationPage = ({ confirmation }: { confirmation: Confirmation }) => (
  <DocumentScreen def={confirmation.def} titleKey={confirmation.titleKey}>
    {(doc) =>
      canDocument(confirmation.def, doc.state, 'EDIT', doc.isReview) ? (
        <DocumentFormPage def={confirmation.def} />
      ) : (
        <ConfirmationForm key={`${doc.id}:${doc.version}`} confirmation={confirmation} doc={doc} />
      )
    }
  </DocumentScreen>
);

const HEADER = ['dispatchBillNo', 'loadingBillNo', 'carNo', 'platformNumber', 'loadedAt', 'arrivedAt'] as const;

const ConfirmationForm = ({ confirmation, doc }: { confirmation: Confirmation; doc: KitDocument }) => {
  const { def, action, from, titleKey, next } = confirmation;
  const { t } = useTranslation();
  const labels = useDocumentLabels(def);
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = useActionForm(def, doc, action);
  const lines = (doc[def.lines!.key] as Record<string, unknown>[] | undefined) ?? [];
  const notes = useQueries({
    queries: lines.map((l) => ({
      queryKey: documentKeys.detail(noteDef.name, String(l.noteId ?? '')),
      queryFn: ({ signal }: { signal: AbortSignal }) => documentApi.detail(noteDef, String(l.noteId ?? ''), undefined, signal),
      enabled: Boolean(l.noteId),
    })),
  });
  const rows = noteRows(lines, notes.map((n) => n.data));
  const viewPath = def.routes.view.replace(':id', doc.id);

  const confirm = async () => {
    const outcome = await state.submit();
    if (outcome !== 'done') return;
    const after = await client.fetchQuery({ queryKey: documentKeys.detail(def.name, doc.id), queryFn: ({ signal }) => documentApi.detail(def, doc.id, undefined, signal), staleTime: 0 });
    navigate(next(after));
  };

  const header = HEADER.filter((k) => doc[k] !== undefined && doc[k] !== '' && (def.header[k] || k === 'loadedAt'));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="confirmation-page" data-action={action}>
      <Card size="small">
        <DocumentHeading def={def} doc={doc} title={t(titleKey)} testId="confirmation" />
        <Descriptions
          size="small"
          style={{ marginTop: 12 }}
          column={{ xs: 1, md: 3 }}
          items={header.map((k) => ({
            key: k,
            label: def.header[k] ? labels.field(k) : t(`confirm.${k}`),
            children: <span data-testid={`confirmation-${k}`}>{k.endsWith('At') ? formatDateTime(doc[k] as string) : String(doc[k])}</span>,
          }))}
        />
      </Card>
      <Card size="small" title={t('confirm.notes')}>
        <Table<NoteRow>
          size="small"
          pagination={false}
          rowKey="noteBillNo"
          dataSource={rows.lines}
          data-testid="confirmation-notes"
          columns={[
            { title: t('confirm.noteBillNo'), dataIndex: 'noteBillNo' },
            { title: t('confirm.consignee'), render: (_, r) => r.consignee },
            { title: t('confirm.address'), render: (_, r) => r.address },
            { title: t('confirm.packages'), align: 'right', render: (_, r) => formatNumber(r.packages) },
            { title: t('confirm.weight'), align: 'right', render: (_, r) => (r.weight === undefined ? '' : formatNumber(r.weight)) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>{t('confirm.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <strong data-testid="confirmation-total-packages">{formatNumber(rows.packages)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <strong data-testid="confirmation-total-weight">{formatNumber(rows.weight)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Card size="small">
        <ActionPanel
          state={state}
          open={doc.state === from}
          closed={t('confirm.notNow', { state: labels.state(doc.state) })}
          onConfirm={() => void confirm()}
          back={t('confirm.back')}
          onBack={() => navigate(viewPath)}
          testId="confirmation"
        />
      </Card>
    </Space>
  );
};
