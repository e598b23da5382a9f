import { useEffect, useState } from 'react';
import { SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Select, Space, Switch, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_BUTTONS, reviewDocumentTypes, type ReviewDocumentType } from '@tpl/contracts';
import { useButtons } from '../../../auth/buttons';
import { formatDateTime } from '../../../shared/format';
import { useDefinitions, useReviewConfigs, useSaveReviewConfig } from '../hooks';

type Draft = { processKey?: string; enabled: boolean };

/**
 * /definition/review: which process reviews each document type, and whether new documents
 * of that type need review (spec 02 isReview: 1 when enabled, else 0).
 */
export const ReviewConfigPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const has = useButtons();
  const configs = useReviewConfigs();
  const definitions = useDefinitions({ current: 1, size: 50, state: 'active' });
  const save = useSaveReviewConfig();
  const [drafts, setDrafts] = useState<Partial<Record<ReviewDocumentType, Draft>>>({});

  useEffect(() => {
    if (!configs.data) return;
    setDrafts(Object.fromEntries(configs.data.map((c) => [c.documentType, { processKey: c.processKey, enabled: c.enabled }])));
  }, [configs.data]);

  const canEdit = has(FLOW_BUTTONS.reviewConfig);
  const draftOf = (type: ReviewDocumentType): Draft => drafts[type] ?? { enabled: false };
  const setDraft = (type: ReviewDocumentType, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [type]: { ...draftOf(type), ...patch } }));
  const stored = (type: ReviewDocumentType) => configs.data?.find((c) => c.documentType === type);

  const options = (type: ReviewDocumentType) =>
    (definitions.data?.records ?? [])
      // a process made for another document type is not offered for this one
      .filter((d) => !d.documentType || d.documentType === type)
      // the process by its name and version: its key is the designer's word, not the user's
      .map((d) => ({ value: d.key, label: `${d.name} v${d.version}` }));

  const columns: TableColumnsType<{ documentType: ReviewDocumentType }> = [
    { title: t('flow.fields.documentType'), dataIndex: 'documentType', render: (v: ReviewDocumentType) => t(`enum.reviewDocumentType.${v}`) },
    {
      title: t('flow.fields.processKey'),
      key: 'processKey',
      render: (_, { documentType }) => (
        <Select
          showSearch
          allowClear
          disabled={!canEdit}
          style={{ width: 340 }}
          // the chosen process by its name once the processes are read: never its key meanwhile,
          // and a word, not the key, for one no longer active
          loading={definitions.isPending}
          value={definitions.isPending ? undefined : draftOf(documentType).processKey}
          options={options(documentType)}
          labelRender={({ label }) => label ?? t('flow.review.inactiveProcess')}
          placeholder={t('flow.review.chooseProcess')}
          onChange={(processKey?: string) => setDraft(documentType, { processKey })}
          data-testid={`review-process-${documentType}`}
        />
      ),
    },
    {
      title: t('flow.review.needsReview'),
      key: 'enabled',
      render: (_, { documentType }) => (
        <Switch disabled={!canEdit} checked={draftOf(documentType).enabled} onChange={(enabled) => setDraft(documentType, { enabled })} data-testid={`review-enabled-${documentType}`} />
      ),
    },
    {
      title: t('flow.definitions.updated'),
      key: 'updated',
      render: (_, { documentType }) => {
        const s = stored(documentType);
        return s?.updatedAt ? `${formatDateTime(s.updatedAt)} · ${s.updatedBy ?? ''}` : '';
      },
    },
    {
      title: t('flow.column.actions'),
      key: 'save',
      render: (_, { documentType }) =>
        canEdit && (
          <Button
            icon={<SaveOutlined />}
            loading={save.isPending && save.variables?.documentType === documentType}
            data-testid={`review-save-${documentType}`}
            onClick={async () => {
              const d = draftOf(documentType);
              if (!d.processKey) {
                void message.warning(t('flow.review.chooseProcess'));
                return;
              }
              try {
                await save.mutateAsync({ documentType, processKey: d.processKey, enabled: d.enabled });
                void message.success({ content: t('flow.operationSuccess'), props: { 'data-testid': 'review-saved' } as object });
              } catch {
                // shown by the client
              }
            }}
          >
            {t('flow.review.save')}
          </Button>
        ),
    },
  ];

  return (
    <Card title={t('flow.menu.reviewConfig')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('flow.review.help')}</Typography.Paragraph>
        <Table rowKey="documentType" loading={configs.isFetching} pagination={false} dataSource={reviewDocumentTypes.map((documentType) => ({ documentType }))} columns={columns} data-testid="review-config-table" />
      </Space>
    </Card>
  );
};
