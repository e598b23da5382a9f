import { useState } from 'react';
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Table, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import type { EntityDef } from '@tpl/contracts';
import { entityApi, IMPORT_EXTENSIONS, isImportFile, type ImportOutcome, type ImportRowError } from '../../api/entities';
import { saveFile } from '../../shared/saveFile';
import { useImportEntities } from './hooks';
import { useEntityLabels } from './labels';

type Failure = Extract<ImportOutcome, { ok: false }>;

/**
 * Import from .xls/.xlsx: other files are refused before uploading. When any row fails,
 * nothing is written and the rows' errors are listed, with the server's report to download.
 */
export const ImportButton = ({ def }: { def: EntityDef }) => {
  const { t, field } = useEntityLabels(def);
  const { message } = App.useApp();
  const importer = useImportEntities(def);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [reporting, setReporting] = useState(false);

  const fieldLabel = (key: string | undefined) => {
    if (!key) return '';
    const top = key.split('.')[0] ?? key;
    return top in def.fields || key === 'remark' ? field(...key.split('.').filter((p) => !/^\d+$/.test(p))) : key;
  };

  const start = async (file: File) => {
    try {
      const outcome = await importer.mutateAsync(file);
      if (outcome.ok) void message.success(t('md.import.done', { count: outcome.imported }));
      else setFailure(outcome);
    } catch {
      // the API client has shown the message
    }
  };

  const downloadReport = async () => {
    if (!failure?.reportId) return;
    setReporting(true);
    try {
      saveFile(await entityApi.importReport(def, failure.reportId));
    } catch {
      // shown by the API client
    } finally {
      setReporting(false);
    }
  };

  const columns: TableColumnsType<ImportRowError> = [
    { key: 'row', dataIndex: 'row', title: t('md.import.row'), width: 80 },
    { key: 'field', title: t('md.import.field'), width: 160, render: (_: unknown, e: ImportRowError) => fieldLabel(e.field) },
    { key: 'message', dataIndex: 'message', title: t('md.import.message') },
  ];

  return (
    <>
      <Upload
        accept={IMPORT_EXTENSIONS.join(',')}
        showUploadList={false}
        multiple={false}
        disabled={importer.isPending}
        data-testid="md-import-input"
        beforeUpload={(file) => {
          if (!isImportFile(file.name)) {
            void message.error(t('md.import.badType'));
            return Upload.LIST_IGNORE;
          }
          void start(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={importer.isPending} data-testid="md-import">
          {importer.isPending ? t('md.import.importing') : t('md.import.button')}
        </Button>
      </Upload>
      <Modal
        open={failure !== null}
        title={t('md.import.failedTitle')}
        width={760}
        onCancel={() => setFailure(null)}
        footer={[
          failure?.reportId ? (
            <Button key="report" icon={<FileExcelOutlined />} loading={reporting} onClick={() => void downloadReport()} data-testid="md-import-report">
              {t('md.import.report')}
            </Button>
          ) : null,
          <Button key="close" type="primary" onClick={() => setFailure(null)} data-testid="md-import-close">
            {t('md.import.close')}
          </Button>,
        ]}
      >
        {failure && (
          <>
            <Alert type="error" showIcon title={failure.message || t('md.import.failed')} description={failure.message ? t('md.import.failed') : undefined} style={{ marginBottom: 12 }} />
            <Table<ImportRowError>
              size="small"
              rowKey={(e, index) => `${e.row}-${e.field ?? ''}-${index}`}
              columns={columns}
              dataSource={failure.errors}
              pagination={failure.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              data-testid="md-import-errors"
            />
          </>
        )}
      </Modal>
    </>
  );
};

/** The import template of the entity type (.xlsx). */
export const TemplateButton = ({ def }: { def: EntityDef }) => {
  const { t } = useEntityLabels(def);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await entityApi.template(def));
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} loading={busy} onClick={() => void run()} data-testid="md-template">
      {t('md.import.template')}
    </Button>
  );
};
