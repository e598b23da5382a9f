import { useState } from 'react';
import { CalculatorOutlined, FilePdfOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, type ButtonProps } from 'antd';
import { Modal } from '../../shared/widgets/Modal';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { billingRoutes as routes, type DocumentDef, type GenerateResult } from '@tpl/contracts';
import { download, request } from '../../api/client';
import { documentKeys } from '../../api/queryKeys';
import { useButtons } from '../../auth/buttons';
import { saveFile } from '../../shared/saveFile';
import { useDocumentButtons } from '../documents/permissions';
import { RefSelect } from '../../shared/widgets/RefSelect';
import type { ViewExtraProps, ViewExtras } from '../../shared/context';
import { MonthBillCharges } from './ExplainDrawer';
import { PaymentsPanel } from './PaymentsPanel';

/** The month bill's printed form (GET /api/bl-billing/monthbill/pdf), downloaded as a file. */
export const MONTH_BILL_PDF = '/api/bl-billing/monthbill/pdf';

/** Downloads the customer's bill as a PDF (button `monthbill_print`). */
const PdfButton = ({ def, doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const can = useDocumentButtons(def);
  const [busy, setBusy] = useState(false);
  if (!can('print')) return null;
  const get = async () => {
    setBusy(true);
    try {
      saveFile(await download(MONTH_BILL_PDF, { query: { id: doc.id }, fallbackName: `${doc.billNo}.pdf` }));
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void get()} data-testid="monthbill-pdf">
      {t('billingExplain.pdf')}
    </Button>
  );
};

/** On the month bills' list: generate a month's bills (button `monthbill_generate`), every customer's or one's. */
const GenerateButton = ({ def }: { def: DocumentDef }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const has = useButtons();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ month: Dayjs; customerCode?: string }>();
  if (!has(`${def.name}_generate`)) return null;
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body = { month: v.month.format('YYYY-MM'), ...(v.customerCode ? { customerCode: v.customerCode } : {}) };
      const r = await request<GenerateResult>('POST', routes.generateMonthBills.path, { body, timeoutMs: 120_000 });
      void message.success(t('billingExplain.generated', { month: r.month, made: r.generated.length, kept: r.kept.length }));
      await client.invalidateQueries({ queryKey: documentKeys.lists(def.name) });
      setOpen(false);
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="primary" icon={<CalculatorOutlined />} onClick={() => setOpen(true)} data-testid="monthbill-generate">
        {t('billingExplain.generate')}
      </Button>
      <Modal open={open} title={t('billingExplain.generateTitle')} onCancel={() => setOpen(false)} onOk={() => void submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'monthbill-generate-ok' } as ButtonProps} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ month: dayjs().subtract(1, 'month') }}>
          <Form.Item name="month" label={t('billingExplain.month')} rules={[{ required: true, message: t('validation.required', { label: t('billingExplain.month') }) }]}>
            <DatePicker picker="month" format="YYYY-MM" disabledDate={(d) => d.isAfter(dayjs(), 'month')} data-testid="monthbill-generate-month" />
          </Form.Item>
          <Form.Item name="customerCode" label={t('billingExplain.customer')} extra={t('billingExplain.customerHint')}>
            <RefSelect entity="customer" testId="monthbill-generate-customer" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};

/** Under a bill's details: its payments (paid, owing), then its charges explained. */
const MonthBillDetails = (props: ViewExtraProps) => (
  <>
    <PaymentsPanel def={props.def} doc={props.doc} />
    <MonthBillCharges def={props.def} doc={props.doc} />
  </>
);

/** What the billing documents add to the kit's generic screens: generate on the month bills' list; the PDF, the payments and the charges explained on a bill. */
export const billingViewExtras: ViewExtras = {
  monthbill: { list: GenerateButton, toolbar: PdfButton, details: MonthBillDetails },
};
