import { useState } from 'react';
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Typography, Upload } from 'antd';
import { Modal } from '../../shared/widgets/Modal';
import { Table } from '../../shared/widgets/Table';
import type { TableColumnsType } from 'antd';
import type { EntityDef } from '@tpl/contracts';
import { entityApi, IMPORT_EXTENSIONS, isImportFile, type ImportOutcome, type ImportPreview, type ImportRowError } from '../../api/entities';
import { saveFile } from '../../shared/saveFile';
import { useImportEntities } from '../../shared/widgets/hooks';
import { useEntityLabels } from '../../shared/widgets/labels';
import { RefName } from '../../shared/widgets/FieldValue';

type Failure = Extract<ImportOutcome, { ok: false }>;
/** What the dialog shows: the server's preview of a file, or an import that failed after it (someone changed the data meanwhile). */
type Shown = { file: File; preview: ImportPreview; failure?: undefined } | { file: File; preview?: undefined; failure: Failure };

/** How many preview rows the dialog lists. */
const SHOWN_ROWS = 50;

const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * What a preview of rows to write shows (the import's, material sync's): a summary, the headers
 * left out, every row's errors (row, field in words, message) and the rows found under the
 * entity's labels, columns in the description's order; `extraColumns` after the row number (what
 * each row would do). `failure`: a write refused after the preview (its message).
 */
export const ImportPreviewView = <R extends ImportPreview['rows'][number]>({
  def,
  preview,
  errors,
  failure,
  testId,
  extraColumns = [],
}: {
  def: EntityDef;
  preview: (Omit<ImportPreview, 'rows'> & { rows: R[] }) | undefined;
  errors: ImportRowError[];
  failure?: string | undefined;
  testId: string;
  extraColumns?: TableColumnsType<R>;
}) => {
  const { t, field, enumValue } = useEntityLabels(def);
  const fieldLabel = (key: string | undefined) => {
    if (!key) return '';
    const top = key.split('.')[0] ?? key;
    return top in def.fields || key === 'remark' ? field(...key.split('.').filter((p) => !/^\d+$/.test(p))) : key;
  };
  const errorColumns: TableColumnsType<ImportRowError> = [
    { key: 'row', dataIndex: 'row', title: t('md.import.row'), width: 80 },
    { key: 'field', title: t('md.import.field'), width: 160, render: (_: unknown, e: ImportRowError) => fieldLabel(e.field) },
    { key: 'message', dataIndex: 'message', title: t('md.import.message') },
  ];

  const keys = preview ? Object.keys(def.fields).filter((k) => preview.rows.some((r) => k in r.values)) : [];
  const rowColumns: TableColumnsType<R> = [
    { key: 'row', dataIndex: 'row', title: t('md.import.row'), width: 70, fixed: 'left' },
    ...extraColumns,
    ...keys.map((key) => {
      const f = def.fields[key];
      return {
        key,
        title: fieldLabel(key),
        render: (_: unknown, r: R) => {
          const v = r.values[key];
          if (f?.kind === 'enum' && typeof v === 'string') return enumValue(key, v);
          if (f?.kind === 'flag' && (v === 0 || v === 1)) return t(v ? 'md.yes' : 'md.no', { defaultValue: String(v) });
          // a reference by its number and name (the record's, when it exists)
          if (f?.kind === 'ref' && typeof v === 'string' && v) return <RefName entity={f.entity} code={v} />;
          return cellText(v);
        },
      };
    }),
  ];
  return (
    <div data-testid={testId} data-total={preview?.total} data-errors={errors.length}>
      {failure !== undefined ? (
        <Alert type="error" showIcon title={failure || t('md.import.failed')} description={failure ? t('md.import.failed') : undefined} style={{ marginBottom: 12 }} />
      ) : (
        preview && (
          <Alert
            type={preview.errorTotal ? 'error' : 'success'}
            showIcon
            title={preview.errorTotal ? t('md.import.previewErrors', { total: preview.total, rows: preview.errorRows }) : t('md.import.previewOk', { total: preview.total })}
            style={{ marginBottom: 12 }}
          />
        )
      )}
      {preview && preview.ignoredHeaders.length > 0 && (
        <Alert type="warning" showIcon title={t('md.import.ignoredHeaders', { headers: preview.ignoredHeaders.join(t('common.listSeparator')) })} style={{ marginBottom: 12 }} />
      )}
      {errors.length > 0 && (
        <Table<ImportRowError>
          size="small"
          rowKey={(e, index) => `${e.row}-${e.field ?? ''}-${index}`}
          columns={errorColumns}
          dataSource={errors}
          pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          data-testid="md-import-errors"
          style={{ marginBottom: 12 }}
        />
      )}
      {preview && preview.rows.length > 0 && (
        <>
          {preview.total > SHOWN_ROWS && <Typography.Text type="secondary">{t('md.import.previewShown', { shown: SHOWN_ROWS })}</Typography.Text>}
          <Table<R>
            size="small"
            rowKey="row"
            columns={rowColumns}
            dataSource={preview.rows.slice(0, SHOWN_ROWS)}
            pagination={false}
            scroll={{ x: 'max-content', y: 320 }}
            data-testid="md-import-preview-rows"
          />
        </>
      )}
    </div>
  );
};

/**
 * Import from .xls/.xlsx: other files are refused before uploading. The file is checked first
 * (`import?preview=1`: nothing written) and the dialog shows the rows found and every row's
 * errors; only a file without errors can be imported, on confirmation. An import writes all
 * rows or none.
 */
export const ImportButton = ({ def }: { def: EntityDef }) => {
  const { t } = useEntityLabels(def);
  const { message } = App.useApp();
  const importer = useImportEntities(def);
  const [checking, setChecking] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [reporting, setReporting] = useState(false);

  const check = async (file: File) => {
    setChecking(true);
    try {
      setShown({ file, preview: await entityApi.previewImport(def, file) });
    } catch {
      // the API client has shown the message (no rows, wrong headers, not a spreadsheet)
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!shown) return;
    try {
      const outcome = await importer.mutateAsync(shown.file);
      if (outcome.ok) {
        void message.success(t('md.import.done', { count: outcome.imported }));
        setShown(null);
      } else setShown({ file: shown.file, failure: outcome });
    } catch {
      // the API client has shown the message
    }
  };

  const errors: ImportRowError[] = shown?.preview?.errors ?? shown?.failure?.errors ?? [];
  const reportId = shown?.preview?.reportId ?? shown?.failure?.reportId;

  const downloadReport = async () => {
    if (!reportId) return;
    setReporting(true);
    try {
      saveFile(await entityApi.importReport(def, reportId));
    } catch {
      // shown by the API client
    } finally {
      setReporting(false);
    }
  };

  const preview = shown?.preview;
  const ready = Boolean(preview && preview.errorTotal === 0 && preview.total > 0);

  return (
    <>
      <Upload
        accept={IMPORT_EXTENSIONS.join(',')}
        showUploadList={false}
        multiple={false}
        disabled={checking || importer.isPending}
        data-testid="md-import-input"
        beforeUpload={(file) => {
          if (!isImportFile(file.name)) {
            void message.error(t('md.import.badType'));
            return Upload.LIST_IGNORE;
          }
          void check(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={checking || importer.isPending} data-testid="md-import">
          {checking ? t('md.import.checking') : importer.isPending ? t('md.import.importing') : t('md.import.button')}
        </Button>
      </Upload>
      <Modal
        open={shown !== null}
        title={shown?.failure ? t('md.import.failedTitle') : t('md.import.previewTitle')}
        width={960}
        onCancel={() => setShown(null)}
        footer={[
          reportId ? (
            <Button key="report" icon={<FileExcelOutlined />} loading={reporting} onClick={() => void downloadReport()} data-testid="md-import-report">
              {t('md.import.report')}
            </Button>
          ) : null,
          <Button key="close" onClick={() => setShown(null)} data-testid="md-import-close">
            {t('md.import.close')}
          </Button>,
          ready && preview ? (
            <Button key="confirm" type="primary" icon={<UploadOutlined />} loading={importer.isPending} onClick={() => void confirm()} data-testid="md-import-confirm">
              {t('md.import.confirm', { count: preview.total })}
            </Button>
          ) : null,
        ]}
      >
        {shown && <ImportPreviewView def={def} preview={shown.preview} errors={errors} failure={shown.failure?.message ?? (shown.failure ? '' : undefined)} testId={shown.preview ? 'md-import-preview' : 'md-import-failure'} />}
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
