import { useState } from 'react';
import { BugOutlined } from '@ant-design/icons';
import { App, Badge, Button, Space, Tooltip, Typography } from 'antd';
import { Modal } from '../shared/widgets/Modal';
import { Table } from '../shared/widgets/Table';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearErrorLogs, dropErrorLogs, getErrorLogs, useErrorLogs, type ErrorLogEntry } from '../shell/errorLog';
import { formatDateTime } from '../shared/format';
import { shellApi } from './useMenus';

/**
 * Spec 01 sections 2 and 8: the navbar's error-log button with the count of logged errors
 * (no badge at 0) and its dialog: type, url, message, stack, time; upload to the server
 * (after a confirm; 发送成功!, and the sent entries leave the local log so they are not sent
 * twice) and clear the local log (after a confirm; 清空成功!).
 */
export const ErrorLogButton = () => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const logs = useErrorLogs();
  const [open, setOpen] = useState(false);

  const upload = useMutation({
    mutationFn: (entries: ErrorLogEntry[]) => shellApi.uploadErrorLogs(entries),
    onSuccess: (_, sent) => {
      // entries logged while the upload was on its way stay
      dropErrorLogs(sent.length);
      if (getErrorLogs().length === 0) setOpen(false);
      void message.success(t('shell.log.uploaded'));
    },
  });

  const confirmUpload = () =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('shell.log.uploadConfirm'),
      okButtonProps: { 'data-testid': 'error-log-upload-ok' },
      onOk: () => upload.mutateAsync(getErrorLogs()),
    });
  const confirmClear = () =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('shell.log.clearConfirm'),
      okButtonProps: { 'data-testid': 'error-log-clear-ok' },
      onOk: () => {
        clearErrorLogs();
        setOpen(false);
        void message.success(t('shell.log.cleared'));
      },
    });

  return (
    <>
      <Tooltip title={t('shell.log.button')}>
        <Badge count={logs.length} size="small" data-testid="error-log-badge">
          <Button type="text" icon={<BugOutlined />} aria-label={t('shell.log.button')} data-testid="error-log-button" onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('shell.log.title')}
        width={1000}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
        data-testid="error-log-dialog"
      >
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" disabled={logs.length === 0} loading={upload.isPending} onClick={confirmUpload} data-testid="error-log-upload">
            {t('shell.log.upload')}
          </Button>
          <Button danger disabled={logs.length === 0} onClick={confirmClear} data-testid="error-log-clear">
            {t('shell.log.clear')}
          </Button>
        </Space>
        <Table<ErrorLogEntry & { key: number }>
          size="small"
          data-testid="error-log-table"
          dataSource={logs.map((entry, key) => ({ ...entry, key }))}
          pagination={{ pageSize: 10, pageSizeOptions: [10, 20, 30, 50] }}
          scroll={{ x: 900 }}
          columns={[
            { title: t('shell.log.type'), dataIndex: 'type', width: 110 },
            { title: t('shell.log.url'), dataIndex: 'url', width: 200, ellipsis: true },
            {
              title: t('shell.log.message'),
              dataIndex: 'message',
              width: 220,
              render: (text: string) => <span data-testid="error-log-message">{text}</span>,
            },
            {
              title: t('shell.log.stack'),
              dataIndex: 'stack',
              render: (text: string) => (
                <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ marginBottom: 0, fontFamily: 'monospace', fontSize: 12 }}>
                  {text}
                </Typography.Paragraph>
              ),
            },
            { title: t('shell.log.time'), dataIndex: 'time', width: 170, render: (time: string) => formatDateTime(time) },
          ]}
        />
      </Modal>
    </>
  );
};
