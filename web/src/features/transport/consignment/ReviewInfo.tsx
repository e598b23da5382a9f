import { Alert, Button, Tag } from 'antd';
import type { Consignment } from '@tpl/contracts';
import { useConsignmentLabels } from './labels';

/** The process page of an instance (the approvals console's /flowable/work/detail). */
const flowDetailPath = (instanceId: string) => `/flowable/work/detail?processInstanceId=${encodeURIComponent(instanceId)}`;

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

/** The last review's decision (approver and comment) and the way to its process. */
export const ReviewBanner = ({ doc }: { doc: Consignment }) => {
  const { t } = useConsignmentLabels();
  if (!doc.reviewInstanceId && doc.state !== 'InReview') return null;
  const rejected = doc.state === 'Draft' && !!doc.reviewComment;
  const title =
    doc.state === 'InReview'
      ? t('consignment.review.inReview')
      : `${t(rejected ? 'consignment.actions.reviewRejected' : 'consignment.actions.reviewApproved')}${doc.reviewedBy ? ` · ${doc.reviewedBy.name}` : ''}`;
  return (
    <Alert
      type={doc.state === 'InReview' ? 'info' : rejected ? 'warning' : 'success'}
      showIcon
      data-testid="review-banner"
      title={title}
      description={doc.reviewComment ? `${t('consignment.review.lastComment')}: ${doc.reviewComment}` : undefined}
      action={
        doc.reviewInstanceId ? (
          <Button size="small" href={flowDetailPath(doc.reviewInstanceId)} data-testid="review-process-link">
            {t('consignment.review.openProcess')}
          </Button>
        ) : undefined
      }
    />
  );
};
