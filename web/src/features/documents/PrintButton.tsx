import { useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRINT_FORMS, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { download } from '../../api/client';
import { saveFile } from '../../shared/saveFile';

/**
 * The document's Print button (`<name>_print`): a document type with printed documents on
 * the server (PRINT_FORMS: labels, picking list, delivery note) gets one button per form its
 * state allows, each opening the PDF in a new tab (the browser's viewer prints it); without
 * one (another type, or a state with none) it prints the page.
 */
export const PrintButton = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string>();
  const forms = (PRINT_FORMS[def.name] ?? []).filter((f) => f.states.includes(doc.state));
  if (!forms.length) {
    return (
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="doc-print">
        {t('documents.print')}
      </Button>
    );
  }
  const print = async (form: (typeof forms)[number]) => {
    // opened within the click, so no pop-up blocker stops it; filled once the PDF is here
    const tab = window.open('', '_blank');
    setBusy(form.kind);
    const key = `print-${form.kind}`;
    message.open({ key, type: 'loading', content: t('warehouse.print.preparing'), duration: 0 });
    try {
      const file = await download(form.path, { query: { id: doc.id }, fallbackName: `${doc.billNo}.pdf`, ...(form.method === 'POST' ? { post: {} } : {}) });
      message.open({ key, type: 'success', content: t('warehouse.print.ready'), duration: 2 });
      const url = URL.createObjectURL(file.blob);
      if (tab) tab.location.href = url;
      else saveFile(file);
    } catch {
      // the client has shown the server's message
      message.destroy(key);
      tab?.close();
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <>
      {forms.map((form) => (
        <Button key={form.kind} icon={<PrinterOutlined />} loading={busy === form.kind} onClick={() => void print(form)} data-testid={`doc-print-${form.kind}`}>
          {t(`warehouse.print.kinds.${form.kind}`)}
        </Button>
      ))}
    </>
  );
};
