import { Empty, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitDocument } from '@tpl/contracts';
import { formatDateTime } from '../../shared/format';
import { useAttachmentUrl } from './hooks';

const Attachment = ({ id, testId, alt }: { id: string; testId: string; alt: string }) => {
  const url = useAttachmentUrl(id);
  return url ? <Image src={url} alt={alt} data-testid={testId} width={220} /> : <span data-testid={`${testId}-loading`} />;
};

/** What a signing recorded, shown back: signer, time, the drawn signature and the photos (attachments, fetched with the session's headers). */
export const SigningProof = ({ doc }: { doc: KitDocument }) => {
  const { t } = useTranslation();
  const signature = typeof doc.signature === 'string' ? doc.signature : undefined;
  const photos = Array.isArray(doc.photos) ? (doc.photos as { attachId?: string }[]).map((p) => p.attachId).filter((x): x is string => !!x) : [];
  if (!signature && !photos.length) return <Empty description={t('signing.notSigned')} />;
  return (
    <Space orientation="vertical" data-testid="signing-proof">
      <Typography.Text>
        {t('signing.signer')}: <span data-testid="proof-signer">{String(doc.signer ?? '')}</span> · {t('signing.signedAt')}: {formatDateTime(typeof doc.signedAt === 'string' ? doc.signedAt : null)}
      </Typography.Text>
      {signature && (
        <div className="chain-signature">
          <Typography.Text type="secondary">{t('signing.signatureShown')}</Typography.Text>
          <div>
            <Attachment id={signature} testId="proof-signature" alt={t('signing.signatureShown')} />
          </div>
        </div>
      )}
      {photos.length > 0 && (
        <div className="chain-photos">
          <Typography.Text type="secondary">{t('signing.photosShown')}</Typography.Text>
          <div>
            {photos.map((p, i) => (
              <Attachment key={p} id={p} testId={`proof-photo-${i}`} alt={t('signing.photosShown')} />
            ))}
          </div>
        </div>
      )}
    </Space>
  );
};
