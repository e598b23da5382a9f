import { Alert, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Consignment, TaskRow } from '@tpl/contracts';
import { useByBusiness, useProcess, useRoleOptions } from '../../flow/hooks';
import { flowPaths } from '../../flow/paths';
import { useConsignmentLabels } from './labels';

/** isReview as a tag: nothing for orders that need no review. */
export const ReviewTag = ({ doc }: { doc: Pick<Consignment, 'isReview'> }) => {
  const { t } = useConsignmentLabels();
  if (doc.isReview === 0) return null;
  return (
    <Tag color={doc.isReview === 2 ? 'green' : 'gold'} data-testid="view-review" data-review={doc.isReview}>
      {t(`enum.isReview.${doc.isReview}`)}
    </Tag>
  );
};

/** Who holds a waiting task: its assignee, else the roles and people who may claim it. */
const useHolder = () => {
  const { t } = useConsignmentLabels();
  const roles = useRoleOptions();
  const roleName = (alias: string) => roles.data?.find((r) => r.value === alias)?.label ?? alias;
  return (task: TaskRow): string => {
    if (task.assignee) return t('consignment.review.heldBy', { name: task.assigneeName ?? task.assignee });
    const who = [...task.candidateRoles.map(roleName), ...task.candidateUsers];
    return who.length ? t('consignment.review.claimableBy', { who: who.join(t('common.listSeparator')) }) : t('consignment.review.nobody');
  };
};

/**
 * Where a review stands while the order is in review: the node(s) waiting, who holds each, and
 * the way to the process page with its diagram. The instance is found by the order (its id is
 * recorded on the order only when the review ends); it is started by the server a moment after
 * the submit, so a review just submitted says it is starting until it appears.
 */
const InReview = ({ doc }: { doc: Consignment }) => {
  const { t } = useConsignmentLabels();
  const holder = useHolder();
  const instances = useByBusiness('consignment', doc.id, { untilRunning: true });
  const running = instances.data?.find((i) => i.state === 'running');
  const process = useProcess(running?.instanceId);
  const tasks = process.data?.tasks ?? [];
  const loaded = Boolean(running && process.data);
  return (
    <Alert
      type="info"
      showIcon
      data-testid="review-banner"
      data-loaded={loaded}
      title={
        <Space wrap size="small">
          <span>{t('consignment.review.inReview')}</span>
          {running && <Typography.Text type="secondary">{running.processName}</Typography.Text>}
        </Space>
      }
      description={
        !running || !process.data ? (
          <Space size="small">
            <Spin size="small" />
            <span>{t('consignment.review.starting')}</span>
          </Space>
        ) : tasks.length ? (
          <Space direction="vertical" size={2}>
            {tasks.map((task) => (
              <span key={task.taskId}>
                {t('consignment.review.waitingAt')}
                <Typography.Text strong data-testid="review-node">
                  {task.taskName}
                </Typography.Text>
                {' · '}
                <span data-testid="review-holder">{holder(task)}</span>
                {task.escalated && <Tag color="red" style={{ marginInlineStart: 8 }}>{t('flow.inbox.escalated')}</Tag>}
              </span>
            ))}
          </Space>
        ) : (
          <span data-testid="review-node">{running.currentNodes.join(t('common.listSeparator')) || t('consignment.review.ending')}</span>
        )
      }
      action={
        running ? (
          <Link to={flowPaths.detail({ processInstanceId: running.instanceId, businessId: doc.id, documentType: 'consignment' })} data-testid="review-process-link">
            {t('consignment.review.openDiagram')}
          </Link>
        ) : undefined
      }
    />
  );
};

/** The review of the order: where it stands while in review; afterwards the decision (approver and comment) and the way to its process. */
export const ReviewBanner = ({ doc }: { doc: Consignment }) => {
  const { t } = useConsignmentLabels();
  if (doc.state === 'InReview') return <InReview doc={doc} />;
  if (!doc.reviewInstanceId) return null;
  const rejected = doc.state === 'Draft' && !!doc.reviewComment;
  const title = `${t(rejected ? 'consignment.actions.reviewRejected' : 'consignment.actions.reviewApproved')}${doc.reviewedBy ? ` · ${doc.reviewedBy.name}` : ''}`;
  return (
    <Alert
      type={rejected ? 'warning' : 'success'}
      showIcon
      data-testid="review-banner"
      title={title}
      description={doc.reviewComment ? `${t('consignment.review.lastComment')}: ${doc.reviewComment}` : undefined}
      action={
        <Link to={flowPaths.detail({ processInstanceId: doc.reviewInstanceId, businessId: doc.id, documentType: 'consignment' })} data-testid="review-process-link">
          {t('consignment.review.openProcess')}
        </Link>
      }
    />
  );
};
