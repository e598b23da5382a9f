import { Alert, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { KIT_EVENTS, type DocumentDef, type KitDocument, type TaskRow } from '@tpl/contracts';
import { soleTarget } from '@tpl/workflows';
import { useByBusiness, useProcess, useRoleOptions } from './hooks';
import { flowPaths } from './paths';
import { useDocumentLabels } from '../documents/labels';

/** isReview as a tag: nothing for documents that need no review. */
export const ReviewTag = ({ def, doc }: { def: DocumentDef; doc: Pick<KitDocument, 'isReview'> }) => {
  const { t } = useDocumentLabels(def);
  if (doc.isReview === 0) return null;
  return (
    <Tag color={doc.isReview === 2 ? 'green' : 'gold'} data-testid="view-review" data-review={doc.isReview}>
      {t(`enum.isReview.${doc.isReview}`)}
    </Tag>
  );
};

/** Who holds a waiting task: its assignee, else the roles and people who may claim it. */
const useHolder = (def: DocumentDef) => {
  const { t } = useDocumentLabels(def);
  const roles = useRoleOptions();
  const roleName = (alias: string) => roles.data?.find((r) => r.value === alias)?.label ?? alias;
  return (task: TaskRow): string => {
    if (task.assignee) return t('documents.review.heldBy', { name: task.assigneeName ?? task.assignee });
    const who = [...task.candidateRoles.map(roleName), ...task.candidateUsers];
    return who.length ? t('documents.review.claimableBy', { who: who.join(t('common.listSeparator')) }) : t('documents.review.nobody');
  };
};

/**
 * Where a review stands while the document is in review: the node(s) waiting, who holds each,
 * and the way to the process page with its diagram. The instance is found by the document
 * (its id is recorded on the document only when the review ends); it is started by the server
 * a moment after the submit, so a review just submitted says it is starting until it appears.
 */
const InReview = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t } = useDocumentLabels(def);
  const holder = useHolder(def);
  const instances = useByBusiness(def.name, doc.id, { untilRunning: true });
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
          <span>{t('documents.review.inReview')}</span>
          {running && <Typography.Text type="secondary">{running.processName}</Typography.Text>}
        </Space>
      }
      description={
        !running || !process.data ? (
          <Space size="small">
            <Spin size="small" />
            <span>{t('documents.review.starting')}</span>
          </Space>
        ) : tasks.length ? (
          <Space direction="vertical" size={2}>
            {tasks.map((task) => (
              <span key={task.taskId}>
                {t('documents.review.waitingAt')}
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
          <span data-testid="review-node">{running.currentNodes.join(t('common.listSeparator')) || t('documents.review.ending')}</span>
        )
      }
      action={
        running ? (
          <Link to={flowPaths.detail({ processInstanceId: running.instanceId, businessId: doc.id, documentType: def.name })} data-testid="review-process-link">
            {t('documents.review.openDiagram')}
          </Link>
        ) : undefined
      }
    />
  );
};

/** The review of the document: where it stands while in review; afterwards the decision (approver and comment) and the way to its process. */
export const ReviewBanner = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t, action } = useDocumentLabels(def);
  if (!def.review) return null;
  if (isInReview(def, doc.state)) return <InReview def={def} doc={doc} />;
  if (!doc.reviewInstanceId) return null;
  const rejected = doc.isReview !== 2 && Boolean(doc.reviewComment);
  const title = `${action(rejected ? 'reviewRejected' : 'reviewApproved')}${doc.reviewedBy ? ` · ${doc.reviewedBy.name}` : ''}`;
  return (
    <Alert
      type={rejected ? 'warning' : 'success'}
      showIcon
      data-testid="review-banner"
      title={title}
      description={doc.reviewComment ? `${t('documents.review.lastComment')}: ${doc.reviewComment}` : undefined}
      action={
        <Link to={flowPaths.detail({ processInstanceId: doc.reviewInstanceId, businessId: doc.id, documentType: def.name })} data-testid="review-process-link">
          {t('documents.review.openProcess')}
        </Link>
      }
    />
  );
};

/** The state a submitted review holds the document in (the target of SUBMIT_REVIEW). */
const isInReview = (def: DocumentDef, state: string): boolean => soleTarget(def, KIT_EVENTS.submitReview) === state;
