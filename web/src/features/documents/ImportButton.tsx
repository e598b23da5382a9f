import { useState } from 'react';
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, Typography, Upload } from 'antd';
import { Modal } from '../../shared/widgets/Modal';
import type { TableColumnsType } from 'antd';
import type { DocumentDef, DocumentImportPreview, FieldDef } from '@tpl/contracts';
import { documentApi } from '../../api/documents';
import { IMPORT_EXTENSIONS, isImportFile } from '../../api/entities';
import { documentKeys } from '../../api/queryKeys';
import { saveFile } from '../../shared/saveFile';
import { useDocumentLabels } from './labels';
import { importColumnsOf, previewCell } from './model';

type Row = DocumentImportPreview['rows'][number];
type RowError = DocumentImportPreview['errors'][number];

/** How many of the file's rows the dialog lists. */
const SHOWN_ROWS = 100;

/**
 * A document list's import (a type described with `import`): the dialog offers the template,
 * takes an .xlsx, shows what the server's preview says (the documents the rows make, each row
 * with its errors in the user's language, codes with their names) and writes on confirmation,
 * only a file without errors. Each document is written whole or not at all, as a draft.
 */
export const ImportButton = ({ def }: { def: DocumentDef }) => {
  const { t, title, field, enumValue } = useDocumentLabels(def);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [writing, setWriting] = useState(false);
  const [shown, setShown] = useState<{ file: File; preview: DocumentImportPreview } | null>(null);

  const close = () => {
    setOpen(false);
    setShown(null);
  };
  const label = (key: string) => (key ? field(...key.split('.').filter((p) => !/^\d+$/.test(p))) : '');

  const check = async (file: File) => {
    setChecking(true);
    try {
      setShown({ file, preview: await documentApi.previewImport(def, file) });
    } catch {
      // the API client has shown the message (no rows, wrong headers, not a spreadsheet)
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!shown) return;
    setWriting(true);
    try {
      const done = await documentApi.importFile(def, shown.file);
      void message.success(t('documents.import.done', { count: done.imported, lines: done.lines, title }));
      await client.invalidateQueries({ queryKey: documentKeys.lists(def.name) });
      close();
    } catch {
      // the API client has shown the message
    } finally {
      setWriting(false);
    }
  };

  const template = async () => {
    try {
      saveFile(await documentApi.template(def));
    } catch {
      // shown by the API client
    }
  };

  const preview = shown?.preview;
  const keyOfRow = new Map(preview?.rows.map((r) => [r.row, r.key]) ?? []);
  const errorColumns: TableColumnsType<RowError> = [
    { key: 'row', dataIndex: 'row', title: t('documents.import.row'), width: 70 },
    { key: 'key', title: t('documents.import.key'), width: 120, render: (_: unknown, e: RowError) => keyOfRow.get(e.row) ?? '' },
    { key: 'field', title: t('documents.import.field'), width: 150, render: (_: unknown, e: RowError) => label(e.field) },
    { key: 'message', dataIndex: 'message', title: t('documents.import.message') },
  ];
  const failing = new Set(preview?.errors.map((e) => e.row) ?? []);
  const columns = preview ? importColumnsOf(def, preview) : [];
  const rowColumns: TableColumnsType<Row> = [
    { key: 'row', dataIndex: 'row', title: t('documents.import.row'), width: 70, fixed: 'left' },
    ...columns.map(({ key, field: f }: { key: string; field: FieldDef }) => ({
      key,
      title: label(key),
      render: (_: unknown, r: Row) => previewCell(f, r.values[key], preview!.names, (v) => enumValue(key.split('.').pop()!, v), t('md.yes'), t('md.no')),
    })),
  ];
  const ready = Boolean(preview && preview.errorTotal === 0 && preview.bills.length > 0);

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="doc-import">
        {t('documents.import.button')}
      </Button>
      <Modal
        open={open}
        title={t('documents.import.title', { title })}
        width={1000}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={close}>
            {t('md.cancel')}
          </Button>,
          <Button key="ok" type="primary" disabled={!ready} loading={writing} onClick={() => void confirm()} data-testid="doc-import-confirm">
            {t('documents.import.confirm', { bills: preview?.bills.length ?? 0 })}
          </Button>,
        ]}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Button icon={<FileExcelOutlined />} onClick={() => void template()} data-testid="doc-import-template">
              {t('documents.import.template')}
            </Button>
            <Upload
              accept={IMPORT_EXTENSIONS.join(',')}
              showUploadList={false}
              multiple={false}
              disabled={checking || writing}
              data-testid="doc-import-input"
              beforeUpload={(file) => {
                if (!isImportFile(file.name)) {
                  void message.error(t('md.import.badType'));
                  return Upload.LIST_IGNORE;
                }
                void check(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={checking}>
                {checking ? t('documents.import.checking') : t('documents.import.pick')}
              </Button>
            </Upload>
            {shown && <Typography.Text type="secondary">{shown.file.name}</Typography.Text>}
          </Space>
          {preview && (
            <>
              <Alert
                type={preview.errorTotal ? 'error' : 'success'}
                showIcon
                data-testid="doc-import-summary"
                title={
                  preview.errorTotal
                    ? t('documents.import.withErrors', { rows: preview.total, errorRows: preview.errorRows })
                    : t('documents.import.ok', { rows: preview.total, bills: preview.bills.length, title })
                }
              />
              {preview.ignoredHeaders.length > 0 && <Alert type="warning" showIcon title={t('documents.import.ignoredHeaders', { headers: preview.ignoredHeaders.join(t('common.listSeparator')) })} />}
              {preview.errors.length > 0 && (
                <Table<RowError>
                  size="small"
                  rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
                  columns={errorColumns}
                  dataSource={preview.errors}
                  pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  data-testid="doc-import-errors"
                  title={() => t('documents.import.errors')}
                />
              )}
              <Table<Row>
                size="small"
                rowKey="row"
                columns={rowColumns}
                dataSource={preview.rows.slice(0, SHOWN_ROWS)}
                scroll={{ x: 'max-content', y: 320 }}
                pagination={false}
                rowClassName={(r) => (failing.has(r.row) ? 'import-row-error' : '')}
                onRow={(r) => ({ 'data-testid': `doc-import-row-${r.row}`, style: failing.has(r.row) ? { background: '#fff1f0' } : undefined }) as React.HTMLAttributes<HTMLElement>}
                data-testid="doc-import-rows"
              />
            </>
          )}
        </Space>
      </Modal>
    </>
  );
};
