import { HistoryOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import type { DocumentDef } from '@tpl/contracts';
import { useReviewProcessNames } from './review';
import { formatDateTime } from '../../shared/format';
import { summarizeEvent, type SummaryPart } from './eventSummary';
import { DocLink } from '../../shared/widgets/DocLink';
import { RefName } from '../../shared/widgets/FieldValue';
import { useDocumentHistory } from './hooks';
import { useDocumentLabels } from './labels';

type Props = {
  def: DocumentDef;
  id: string;
  /** the version shown as of an event, if any */
  viewing?: number;
  onViewAsOf: (version: number) => void;
};

/** A summary's value: words as they are, a record's code with its name, a document by its number (a link). */
const SummaryParts = ({ parts }: { parts: readonly SummaryPart[] }) => (
  <>
    {parts.map((p, i) =>
      typeof p === 'string' ? <span key={i}>{p}</span> : 'ref' in p ? <RefName key={i} entity={p.ref} code={p.code} /> : <DocLink key={i} document={p.doc} by={p.by} value={p.value} />,
    )}
  </>
);

/** Every event of the document, oldest first, each one a way into the document as it was then. */
export const HistoryTimeline = ({ def, id, viewing, onViewAsOf }: Props) => {
  const { t, fact } = useDocumentLabels(def);
  const history = useDocumentHistory(def, id);
  // the review processes the history names, by their names (the key is the designer's word)
  const keys = [...new Set((history.data ?? []).flatMap((e) => (typeof (e.data as { processKey?: unknown } | null)?.processKey === 'string' ? [(e.data as { processKey: string }).processKey] : [])))];
  const processNames = useReviewProcessNames(keys);

  if (history.isPending) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (!history.data?.length) return <Empty description={t('documents.history.empty')} />;

  return (
    <Timeline
      data-testid="history-timeline"
      items={history.data.map((entry) => {
        const summary = summarizeEvent(t, def, entry, processNames);
        return {
          key: entry.version,
          color: entry.version === viewing ? 'green' : 'blue',
          content: (
            <div data-testid={`history-${entry.version}`} data-event={entry.type}>
              <Space wrap size="small">
                <Typography.Text strong>{fact(entry.type)}</Typography.Text>
                <Tag>{t('documents.versionTag', { version: entry.version })}</Tag>
                <Typography.Text>{entry.actor.name || entry.actor.account}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
                {entry.version === viewing && <Tag color="green">{t('documents.history.viewing')}</Tag>}
              </Space>
              {summary.length > 0 && (
                <ul className="history-data">
                  {summary.map((item) => (
                    <li key={item.key} data-testid={`history-${entry.version}-${item.key}`}>
                      {item.label}: <SummaryParts parts={item.parts} />
                    </li>
                  ))}
                </ul>
              )}
              <div>
                <Button
                  size="small"
                  type="link"
                  icon={<HistoryOutlined />}
                  style={{ paddingInline: 0 }}
                  onClick={() => onViewAsOf(entry.version)}
                  data-testid={`asof-${entry.version}`}
                >
                  {t('documents.history.viewAsOf')}
                </Button>
              </div>
            </div>
          ),
        };
      })}
    />
  );
};
