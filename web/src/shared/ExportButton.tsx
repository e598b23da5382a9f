import { useRef, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Typography } from 'antd';
import { Modal } from './widgets/Modal';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile, DownloadOptions, DownloadProgress } from '../api/client';
import { saveFile } from './saveFile';

const okTestId = { 'data-testid': 'modal-ok' } as ButtonProps;

/** An .xlsx is compressed: about this many bytes per row, beside the workbook's own few kilobytes. */
const BYTES_PER_ROW = 40;
const WORKBOOK_BYTES = 6000;

/** How far the stream is: by Content-Length when the server sends it, else estimated from x-total-rows. */
export const percentOf = (p: DownloadProgress): number => {
  if (p.done) return 100;
  if (p.totalBytes) return Math.min(99, Math.floor((p.bytes / p.totalBytes) * 100));
  const expected = WORKBOOK_BYTES + (p.totalRows ?? 0) * BYTES_PER_ROW;
  return Math.min(95, Math.floor((p.bytes / expected) * 100));
};

const formatBytes = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Fetches the list's file (its filters and sort go along), reporting the stream's progress. */
export type ExportDownload = (opts: Pick<DownloadOptions, 'onProgress' | 'signal'>) => Promise<DownloadedFile>;

/**
 * A list's Export button (master data's lists and the document kit's): a confirmation first (spec:
 * "export (after a confirmation with OK and Cancel)"), then the file streamed with its progress and
 * a cancel, then saved.
 */
export const ExportButton = ({ download, testId = 'md-export' }: { download: ExportDownload; testId?: string }) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setProgress({ bytes: 0, done: false });
    try {
      const file = await download({ onProgress: setProgress, signal: controller.signal });
      saveFile(file);
      void message.success(t('md.export.done'));
    } catch {
      // the API client has shown the message (or the user cancelled)
    } finally {
      abort.current = null;
      setRunning(false);
      setProgress(null);
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('md.confirmTitle'),
      content: t('md.export.confirm'),
      okButtonProps: okTestId,
      onOk: () => {
        void run();
      },
    });

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={confirm} loading={running} data-testid={testId}>
        {t('md.export.button')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('md.export.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button onClick={() => abort.current?.abort()} data-testid={`${testId}-cancel`}>
            {t('md.cancel')}
          </Button>
        }
      >
        {progress && (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid={`${testId}-progress`}>
            <Progress percent={percentOf(progress)} status={progress.done ? 'success' : 'active'} data-testid={`${testId}-percent`} />
            <Typography.Text type="secondary">
              {progress.totalRows !== undefined && `${t('md.export.rows', { total: progress.totalRows })} · `}
              {t('md.export.received', { size: formatBytes(progress.bytes) })}
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </>
  );
};
