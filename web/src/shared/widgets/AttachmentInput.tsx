import { useState } from 'react';
import { CameraOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { attachmentApi, useAttachmentFailed, useAttachmentUrl } from '../../api/attachments';
import { ApiError } from '../../api/client';

/** An attachment shown back: an image as a thumbnail (fetched with the session's headers), else its name. */
export const AttachmentPreview = ({ id, image, testId, width = 96 }: { id: string; image?: boolean; testId?: string; width?: number }) => {
  const url = useAttachmentUrl(image ? id : undefined);
  const failed = useAttachmentFailed(image ? id : undefined);
  const { t } = useTranslation();
  if (!image) return <Typography.Text data-testid={testId}>{t('md.upload.stored')}</Typography.Text>;
  if (failed) return <Typography.Text type="secondary" data-testid={testId ? `${testId}-missing` : undefined}>{t('md.upload.unreadable')}</Typography.Text>;
  return url ? <Image src={url} width={width} alt={t('md.upload.photo')} data-testid={testId} /> : <span data-testid={testId ? `${testId}-loading` : undefined} />;
};

type Props = {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  /** a photo: offered from the camera on a phone, shown as a thumbnail */
  image?: boolean;
  testId?: string;
  id?: string;
  disabled?: boolean;
};

/**
 * A file for a form: chosen (or photographed on a phone), stored as an attachment at once, and
 * its id is the field's value. Shown back as a thumbnail (an image) with a button to take it out.
 */
export const AttachmentInput = ({ value, onChange, image, testId, id, disabled }: Props) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const current = typeof value === 'string' && value !== '' ? value : undefined;
  return (
    <Space size={8} align="center" data-testid={testId} id={id}>
      {current && <AttachmentPreview id={current} image={image} testId={testId ? `${testId}-preview` : undefined} width={64} />}
      <Upload
        accept={image ? 'image/*' : undefined}
        showUploadList={false}
        disabled={disabled || busy}
        customRequest={async ({ file }) => {
          setBusy(true);
          setFailure(undefined);
          try {
            const blob = file as File;
            const stored = await attachmentApi.upload(blob, blob.name || 'attachment');
            onChange?.(stored.id);
          } catch (error) {
            setFailure(error instanceof ApiError ? error.message : String(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={image ? <CameraOutlined /> : <UploadOutlined />} loading={busy} disabled={disabled} data-testid={testId ? `${testId}-upload` : undefined}>
          {current ? t('md.upload.replace') : image ? t('md.upload.photo') : t('md.upload.button')}
        </Button>
      </Upload>
      {current && !disabled && (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('md.upload.remove')} title={t('md.upload.remove')} onClick={() => onChange?.(undefined)} />
      )}
      {failure && <Typography.Text type="danger">{t('md.upload.failed', { message: failure })}</Typography.Text>}
    </Space>
  );
};
