import { useState } from 'react';
import { FileExcelOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Form, Radio, Space, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { materialSyncRoutes as R, type EntityDef, type MaterialSyncPreview, type MaterialSyncResult, type MaterialSyncSource } from '@tpl/contracts';
import { request } from '../../api/client';
import { entityApi } from '../../api/entities';
import { entityKeys } from '../../api/queryKeys';
import { Modal } from '../../shared/widgets/Modal';
import { RefSelect } from '../../shared/widgets/RefSelect';
import { saveFile } from '../../shared/saveFile';
import { ImportPreviewView } from '../md/ImportButton';
import { useEntityButtons } from '../md/permissions';

type Choices = { syncDate?: Dayjs; factoryCode?: string };
type Row = MaterialSyncPreview['rows'][number];
const SYNC_FILE = /\.(xlsx|json)$/i;
const SYNC_TIMEOUT_MS = 120_000;

/** POST material/sync: a preview (nothing written) or the sync itself, from the chosen file or the Kafka inbox. */
const runSync = <T,>(choices: Required<Choices>, source: MaterialSyncSource, file: File | undefined, preview: boolean) => {
  const form = new FormData();
  if (file) form.append('file', file, file.name);
  return request<T>('POST', R.materialSync.path, {
    form,
    query: { syncDate: choices.syncDate.format('YYYY-MM-DD'), factoryCode: choices.factoryCode, source, ...(preview ? { preview: 1 } : {}) },
    timeoutMs: SYNC_TIMEOUT_MS,
  });
};

/**
 * The material list's 物料同步 (spec 02 list action "material sync: a dialog with a sync date and
 * a factory"): the sync date and the factory (a picker: number and name), the source (the Kafka
 * inbox when the server consumes it, else an .xlsx or JSON file), a preview of the rows with
 * their errors and what each would do (the import's preview), written on confirmation.
 */
export const MaterialSyncButton = ({ def }: { def: EntityDef }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useEntityButtons(def);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Choices>();
  const [file, setFile] = useState<File>();
  const [source, setSource] = useState<MaterialSyncSource>();
  const [preview, setPreview] = useState<MaterialSyncPreview>();
  const [busy, setBusy] = useState<'preview' | 'sync' | 'report'>();
  const offered = useQuery({
    queryKey: ['materialSync', 'source'],
    queryFn: ({ signal }) => request<{ kafka: boolean; pending: number }>('GET', R.materialSyncSource.path, { signal }),
    enabled: open,
  });
  if (!can.import) return null;
  const chosenSource: MaterialSyncSource = source ?? (offered.data?.kafka ? 'KAFKA' : 'FILE');

  const choices = async (): Promise<Required<Choices> | undefined> => {
    try {
      const v = await form.validateFields();
      return v.syncDate && v.factoryCode ? { syncDate: v.syncDate, factoryCode: v.factoryCode } : undefined;
    } catch {
      return undefined;
    }
  };
  const doPreview = async () => {
    const c = await choices();
    if (!c) return;
    if (chosenSource === 'FILE' && !file) {
      void message.warning(t('materialSync.needFile'));
      return;
    }
    setBusy('preview');
    try {
      setPreview(await runSync<MaterialSyncPreview>(c, chosenSource, chosenSource === 'FILE' ? file : undefined, true));
    } catch {
      // the API client has shown the message (a field of the dialog, a file that cannot be read)
    } finally {
      setBusy(undefined);
    }
  };
  const doSync = async () => {
    const c = await choices();
    if (!c) return;
    setBusy('sync');
    try {
      const done = await runSync<MaterialSyncResult>(c, chosenSource, chosenSource === 'FILE' ? file : undefined, false);
      void message.success(t('materialSync.done', { created: done.created, updated: done.updated }));
      await client.invalidateQueries({ queryKey: entityKeys.entity(def.name) });
      void offered.refetch();
      close();
    } catch {
      // shown by the API client; the preview stays
    } finally {
      setBusy(undefined);
    }
  };
  const downloadReport = async () => {
    if (!preview?.reportId) return;
    setBusy('report');
    try {
      saveFile(await entityApi.importReport(def, preview.reportId));
    } catch {
      // shown by the API client
    } finally {
      setBusy(undefined);
    }
  };
  const close = () => {
    setOpen(false);
    setPreview(undefined);
    setFile(undefined);
    setSource(undefined);
    form.resetFields();
  };
  const actionColumn: TableColumnsType<Row> = [
    {
      key: 'action',
      title: t('materialSync.action'),
      width: 80,
      render: (_: unknown, r: Row) => (
        <Tag color={r.action === 'CREATE' ? 'green' : 'blue'} data-testid={`material-sync-action-${r.row}`}>
          {t(`materialSync.actions.${r.action}`)}
        </Tag>
      ),
    },
  ];
  const ready = Boolean(preview && preview.errorTotal === 0 && preview.total > 0);

  return (
    <>
      <Button icon={<SyncOutlined />} onClick={() => setOpen(true)} data-testid="material-sync">
        {t('materialSync.button')}
      </Button>
      <Modal
        open={open}
        title={t('materialSync.title')}
        width={980}
        onCancel={close}
        destroyOnHidden
        footer={[
          preview?.reportId ? (
            <Button key="report" icon={<FileExcelOutlined />} loading={busy === 'report'} onClick={() => void downloadReport()} data-testid="material-sync-report">
              {t('md.import.report')}
            </Button>
          ) : null,
          <Button key="close" onClick={close} data-testid="material-sync-close">
            {t('md.import.close')}
          </Button>,
          <Button key="preview" onClick={() => void doPreview()} loading={busy === 'preview'} data-testid="material-sync-preview">
            {t('materialSync.preview')}
          </Button>,
          ready && preview ? (
            <Button key="confirm" type="primary" icon={<SyncOutlined />} loading={busy === 'sync'} onClick={() => void doSync()} data-testid="material-sync-confirm">
              {t('materialSync.confirm', { count: preview.valid })}
            </Button>
          ) : null,
        ]}
      >
        <Typography.Paragraph type="secondary">{t('materialSync.intro')}</Typography.Paragraph>
        <Form form={form} layout="inline" initialValues={{ syncDate: dayjs() }} onValuesChange={() => setPreview(undefined)} style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item name="syncDate" label={t('materialSync.syncDate')} rules={[{ required: true, message: t('materialSync.required') }]}>
            <DatePicker format="YYYY-MM-DD" allowClear={false} data-testid="material-sync-date" />
          </Form.Item>
          <Form.Item name="factoryCode" label={t('materialSync.factory')} rules={[{ required: true, message: t('materialSync.required') }]}>
            <RefSelect entity="factory" testId="material-sync-factory" style={{ width: 240 }} />
          </Form.Item>
        </Form>
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
          {offered.data?.kafka ? (
            <Radio.Group
              value={chosenSource}
              onChange={(e) => {
                setSource(e.target.value as MaterialSyncSource);
                setPreview(undefined);
              }}
              data-testid="material-sync-source"
            >
              <Radio value="KAFKA">{t('materialSync.kafka', { count: offered.data.pending })}</Radio>
              <Radio value="FILE">{t('materialSync.file')}</Radio>
            </Radio.Group>
          ) : (
            offered.data && <Alert type="info" showIcon title={t('materialSync.noKafka')} data-testid="material-sync-no-kafka" />
          )}
          {chosenSource === 'FILE' && (
            <Space>
              <Upload
                accept=".xlsx,.json"
                showUploadList={false}
                multiple={false}
                data-testid="material-sync-file"
                beforeUpload={(f) => {
                  if (!SYNC_FILE.test(f.name)) {
                    void message.error(t('materialSync.badType'));
                    return Upload.LIST_IGNORE;
                  }
                  setFile(f);
                  setPreview(undefined);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="material-sync-choose">
                  {t('materialSync.choose')}
                </Button>
              </Upload>
              {file && <Typography.Text data-testid="material-sync-chosen">{t('materialSync.chosen', { name: file.name })}</Typography.Text>}
            </Space>
          )}
        </Space>
        {preview && (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="material-sync-summary"
              title={t('materialSync.summary', { creates: preview.creates, updates: preview.updates, skipped: preview.skipped })}
            />
            <ImportPreviewView<Row> def={def} preview={preview} errors={preview.errors} testId="material-sync-rows" extraColumns={actionColumn} />
          </>
        )}
      </Modal>
    </>
  );
};
