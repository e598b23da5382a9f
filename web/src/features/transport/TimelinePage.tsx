import { useState } from 'react';
import { Alert, Button, Card, Drawer, Empty, Input, Result, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { consignmentDocument, documentByName, factOfEventType, type TimelineEntry } from '@tpl/contracts';
import { documentApi } from '../../api/documents';
import { formatDateTime } from '../../shared/format';
import { useChainAt, useChainTimeline } from './hooks';
import { SigningProof } from './SigningProof';
import { timelinePath } from './paths';

export { TIMELINE_PATH, timelinePath } from './paths';

const COLORS: Record<string, string> = { consignment: 'blue', consignmentbill: 'cyan', dispatch: 'geekblue', loadingbill: 'purple', arrivalbill: 'orange', deliverybill: 'green', scheduling: 'gold' };
const viewOf = (type: string, id: string) => documentByName(type)?.routes.view.replace(':id', id);

/**
 * /consignmentTimeline(/:id): one order's chain in one timeline (the order, its notes, their
 * dispatch, loading, arrival and delivery documents: every event in the store's global order),
 * and for any event the whole chain as it stood right after it (?at=<global position>).
 */
export const TimelinePage = () => {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const at = params.get('at') ?? undefined;
  const timeline = useChainTimeline(id);
  const chain = useChainAt(id, at);
  const [billNo, setBillNo] = useState('');
  const [finding, setFinding] = useState(false);
  const [notFound, setNotFound] = useState(false);

  const find = async () => {
    setFinding(true);
    setNotFound(false);
    try {
      const page = await documentApi.list(consignmentDocument, { billNo: billNo.trim(), current: 1, size: 10 });
      const row = page.records.find((r) => r.billNo === billNo.trim()) ?? page.records[0];
      if (row) navigate(timelinePath(row.id));
      else setNotFound(true);
    } finally {
      setFinding(false);
    }
  };

  const label = (e: TimelineEntry) => {
    const def = documentByName(e.documentType);
    const fact = def ? factOfEventType(def, e.type) : undefined;
    return fact ? t(`${e.documentType}.facts.${fact}`, { defaultValue: e.type }) : e.type;
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="timeline-page">
      <Card size="small">
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('timeline.title')}
          </Typography.Title>
          <Input
            placeholder={t('timeline.pickOrder')}
            aria-label={t('timeline.pickOrder')}
            data-testid="timeline-billNo"
            value={billNo}
            onChange={(e) => setBillNo(e.target.value)}
            onPressEnter={() => void find()}
            style={{ width: 220 }}
          />
          <Button type="primary" loading={finding} onClick={() => void find()} data-testid="timeline-open">
            {t('timeline.open')}
          </Button>
          {id && viewOf('consignment', id) && <Link to={viewOf('consignment', id)!}>{t('consignment.title')}</Link>}
        </Space>
        {notFound && <Alert type="warning" showIcon title={t('documents.notFound', { title: t('consignment.title') })} style={{ marginTop: 8 }} />}
      </Card>
      {!id ? null : timeline.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : timeline.error ? (
        <Result status="warning" subTitle={timeline.error.message} />
      ) : !timeline.data?.length ? (
        <Empty description={t('timeline.empty')} />
      ) : (
        <Card size="small">
          <Timeline
            data-testid="chain-timeline"
            items={timeline.data.map((e) => ({
              key: e.globalPosition,
              color: e.globalPosition === at ? 'green' : (COLORS[e.documentType] ?? 'gray'),
              content: (
                <div data-testid={`chain-event-${e.globalPosition}`} data-document={e.documentType} data-event={e.type}>
                  <Space wrap size="small">
                    <Tag color={COLORS[e.documentType]}>{t(`${e.documentType}.title`, { defaultValue: e.documentType })}</Tag>
                    {viewOf(e.documentType, e.documentId) ? <Link to={viewOf(e.documentType, e.documentId)!}>{e.billNo}</Link> : e.billNo}
                    <Typography.Text strong>{label(e)}</Typography.Text>
                    <Tag>{t('documents.versionTag', { version: e.version })}</Tag>
                    <Typography.Text>{e.actor.name || e.actor.account}</Typography.Text>
                    <Typography.Text type="secondary">{formatDateTime(e.time)}</Typography.Text>
                    <Typography.Text type="secondary">{t('timeline.position', { position: e.globalPosition })}</Typography.Text>
                    <Button size="small" data-testid={`chain-at-${e.globalPosition}`} onClick={() => setParams({ at: e.globalPosition })}>
                      {t('timeline.viewChain')}
                    </Button>
                  </Space>
                </div>
              ),
            }))}
          />
        </Card>
      )}
      <Drawer
        open={!!at}
        size="large"
        title={at ? t('timeline.chainTitle', { position: at }) : ''}
        onClose={() => setParams({})}
        data-testid="chain-drawer"
      >
        {chain.isPending ? (
          <Spin />
        ) : chain.error ? (
          <Result status="warning" subTitle={chain.error.message} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Table
              size="small"
              pagination={false}
              rowKey="id"
              data-testid="chain-documents"
              dataSource={chain.data?.documents ?? []}
              onRow={(d) => ({ 'data-testid': `chain-doc-${d.billNo}`, 'data-state': d.state }) as never}
              columns={[
                { title: t('timeline.document'), render: (_, d) => t(`${d.documentType}.title`, { defaultValue: d.documentType }) },
                { title: t('timeline.billNo'), dataIndex: 'billNo' },
                { title: t('timeline.state'), render: (_, d) => <Tag>{t(`${d.documentType}.states.${d.state}`, { defaultValue: d.state })}</Tag> },
                { title: t('timeline.version'), dataIndex: 'version' },
              ]}
            />
            {(chain.data?.documents ?? [])
              .filter((d) => d.documentType === 'deliverybill' && d.document.signature)
              .map((d) => (
                <Card key={d.id} size="small" title={d.billNo}>
                  <SigningProof doc={d.document as never} />
                </Card>
              ))}
          </Space>
        )}
      </Drawer>
    </Space>
  );
};
