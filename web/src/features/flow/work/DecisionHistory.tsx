import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { START_NODE, type DecisionEntry } from '@tpl/contracts';
import { formatDateTime } from '../../../shared/format';

const colours: Partial<Record<DecisionEntry['type'], string>> = {
  approved: 'green',
  rejected: 'red',
  escalated: 'orange',
  completed: 'blue',
  started: 'gray',
};

/** Who decided what, when, at which node, and the comment: what the approver and the auditor read. */
export const DecisionHistory = ({ history }: { history: readonly DecisionEntry[] }) => {
  const { t } = useTranslation();
  if (!history.length) return <Empty description={t('flow.detail.noHistory')} />;
  return (
    <Timeline
      data-testid="decision-history"
      items={history.map((e, i) => ({
        key: `${e.type}-${e.time}-${i}`,
        color: colours[e.type] ?? 'blue',
        children: (
          <div data-testid={`decision-${e.type}`}>
            <Typography.Text strong>{t(`flow.decisionType.${e.type}`)}</Typography.Text>
            {e.nodeName && <Tag style={{ marginInlineStart: 8 }}>{e.nodeName}</Tag>}
            {e.outcome && <Tag color={e.outcome === 'approved' ? 'green' : 'red'}>{t(`enum.instanceState.${e.outcome}`, { defaultValue: e.outcome })}</Tag>}
            <div>
              <Typography.Text type="secondary">
                {e.actor.name} ({e.actor.account}) · {formatDateTime(e.time)}
              </Typography.Text>
            </div>
            {e.toNode && <div>{t('flow.detail.sentBackTo', { node: e.toNode === START_NODE ? t('flow.detail.start') : e.toNode })}</div>}
            {e.toUsers.length > 0 && <div>{t('flow.detail.toUsers', { users: e.toUsers.join(', ') })}</div>}
            {e.comment && (
              <Typography.Paragraph className="flow-comment" data-testid="decision-comment" style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                “{e.comment}”
              </Typography.Paragraph>
            )}
          </div>
        ),
      }))}
    />
  );
};
