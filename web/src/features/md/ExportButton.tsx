import { useRef, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Typography } from 'antd';
import { Modal } from '../../shared/widgets/Modal';
import type { ButtonProps } from 'antd';
import type { EntityDef } from '@tpl/contracts';
import type { DownloadProgress } from '../../api/client';
import { entityApi, type EntityListQuery } from '../../api/entities';
import { saveFile } from '../../shared/saveFile';
import { useEntityLabels } from '../../shared/widgets/labels';

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

/** Export after a confirmation; the list's filters and sort go along; the stream shows its progress. */
export const ExportButton = ({ def, query }: { def: EntityDef; query: EntityListQuery }) => {
  const { t } = useEntityLabels(def);
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
      const file = await entityApi.exportFile(def, query, { onProgress: setProgress, signal: controller.signal });
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
      <Button icon={<DownloadOutlined />} onClick={confirm} loading={running} data-testid="md-export">
        {t('md.export.button')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('md.export.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button onClick={() => abort.current?.abort()} data-testid="md-export-cancel">
            {t('md.cancel')}
          </Button>
        }
      >
        {progress && (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="md-export-progress">
            <Progress percent={percentOf(progress)} status={progress.done ? 'success' : 'active'} data-testid="md-export-percent" />
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
