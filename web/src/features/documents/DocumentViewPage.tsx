import { Suspense, lazy } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { documentPath, ErrorCodes, type DocumentDef } from '@tpl/contracts';
import { ApiError } from '../../api/client';
import { loadPageChunk } from '../../shell/chunkLoad';
import { ActionButtons } from './ActionButtons';
import { DocumentDetails } from './DocumentDetails';
import { ViewDetailsExtra, ViewToolbarExtra } from './extras';
import { HistoryTimeline } from './HistoryTimeline';
import { PrintButton } from './PrintButton';
import { useDocument } from './hooks';
import { useDocumentLabels } from './labels';
import { useDocumentButtons } from './permissions';
import { ReviewBanner, ReviewTag } from './review';
import { StateTag } from './StateTag';

// React Flow is only needed when the lifecycle tab is opened
const LifecycleGraph = lazy(() => loadPageChunk(() => import('./LifecycleGraph')).then((m) => ({ default: m.LifecycleGraph })));

const TABS = ['details', 'history', 'lifecycle'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => (TABS as readonly (string | null)[]).includes(value);

/** ?asOf=N: a positive whole number, or nothing. */
const parseAsOf = (value: string | null): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : undefined;
};

const spinner = <Spin style={{ display: 'block', margin: '48px auto' }} />;

/**
 * A document (its description's routes.view): the document, the buttons of what may be done
 * now, its review, its history and its lifecycle. With ?asOf=N it shows the document as it
 * was after event N (detail?version=N), read only.
 */
export const DocumentViewPage = ({ def }: { def: DocumentDef }) => {
  const { id } = useParams();
  const { t, title } = useDocumentLabels(def);
  const navigate = useNavigate();
  const can = useDocumentButtons(def);
  const [params, setParams] = useSearchParams();
  const asOf = parseAsOf(params.get('asOf'));
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'details';

  const current = useDocument(def, id);
  const past = useDocument(def, asOf === undefined ? undefined : id, asOf);
  const shown = asOf === undefined ? current : past;

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const viewAsOf = (version: number) => update({ asOf: String(version), tab: undefined });
  const backToCurrent = () => update({ asOf: undefined });

  const backToList = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(documentPath(def, 'list'))} data-testid="back-to-list">
      {t('common.backToList')}
    </Button>
  );

  if (current.isPending) return spinner;
  if (!current.data) {
    const notFound = current.error instanceof ApiError && current.error.code === ErrorCodes.notFound;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? '404' : undefined}
        subTitle={notFound ? t('documents.notFound', { title }) : current.error?.message}
        extra={backToList}
      />
    );
  }

  const latest = current.data;
  const doc = shown.data;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap align="center">
            {backToList}
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="view-billNo">
              {latest.billNo}
            </Typography.Title>
            {doc && <StateTag def={def} state={doc.state} testId="view-state" />}
            {doc && <ReviewTag def={def} doc={doc} />}
            {doc && (
              <Tag data-testid="view-version" data-version={doc.version}>
                {t('documents.versionTag', { version: doc.version })}
              </Tag>
            )}
          </Space>
          <Space wrap>
            {asOf === undefined && !latest.removed && <ActionButtons def={def} doc={latest} />}
            {asOf === undefined && !latest.removed && <ViewToolbarExtra def={def} doc={latest} />}
            {can('print') && <PrintButton def={def} doc={latest} />}
          </Space>
        </Flex>
      </Card>

      {asOf === undefined && <ReviewBanner def={def} doc={latest} />}

      {latest.removed && <Alert type="error" showIcon data-testid="removed-banner" title={t('documents.removed', { title })} />}

      {asOf !== undefined && (
        <Alert
          type="warning"
          showIcon
          data-testid="asof-banner"
          title={t('documents.asOf.banner', { n: asOf, m: latest.version })}
          action={
            <Button size="small" type="primary" onClick={backToCurrent} data-testid="asof-exit">
              {t('documents.asOf.back')}
            </Button>
          }
        />
      )}

      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key === 'details' ? undefined : key })}
        items={[
          {
            key: 'details',
            label: <span data-testid="tab-details">{t('documents.tabs.details')}</span>,
            children: doc ? (
              <>
                <DocumentDetails def={def} doc={doc} />
                <ViewDetailsExtra def={def} doc={doc} />
              </>
            ) : shown.isPending ? spinner : <Result status="warning" subTitle={shown.error?.message} />,
          },
          {
            key: 'history',
            label: <span data-testid="tab-history">{t('documents.tabs.history')}</span>,
            children: <HistoryTimeline def={def} id={latest.id} viewing={asOf} onViewAsOf={viewAsOf} />,
          },
          {
            key: 'lifecycle',
            label: <span data-testid="tab-lifecycle">{t('documents.tabs.lifecycle')}</span>,
            children: <Suspense fallback={spinner}>{doc && <LifecycleGraph def={def} current={doc.state} />}</Suspense>,
          },
        ]}
      />
    </Space>
  );
};
