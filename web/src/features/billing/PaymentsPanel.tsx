import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentsOf, type DocumentDef, type KitDocument, type PaymentLine } from '@tpl/contracts';
import { formatDateTime } from '../../shared/format';
import { FieldValue } from '../../shared/widgets/FieldValue';
import { money } from './explain.model';

/**
 * The month bill's payment lines (spec 02 paydetail) under its details: each payment with its
 * date, amount, method (in words), reference, who recorded it and when; a reversal's
 * counter-entry beside the payment it reverses. What was received and what is owing (or the
 * customer's credit) are the bill's derived figures, as the server folded them.
 */
export const PaymentsPanel = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const { t } = useTranslation();
  const payments = paymentsOf(doc);
  const method = def.actions.pay?.fields?.payMethod;
  const owing = Number(doc.owingAmount ?? 0);
  const paid = Number(doc.paidAmount ?? 0);
  const issued = !['Generated', 'InReview', 'Checked', 'Confirmed'].includes(doc.state);
  if (!issued && payments.length === 0) return null;
  return (
    <Card
      size="small"
      style={{ marginTop: 12 }}
      title={t('billingPayments.title')}
      data-testid="bill-payments"
      extra={
        <Space>
          <Tag color="blue" data-testid="bill-paid">{t('billingPayments.paid', { paid: money(paid) })}</Tag>
          {owing > 0 ? (
            <Tag color="orange" data-testid="bill-owing">{t('billingPayments.owing', { owing: money(owing) })}</Tag>
          ) : owing < 0 ? (
            <Tag color="green" data-testid="bill-owing">{t('billingPayments.credit', { credit: money(-owing) })}</Tag>
          ) : (
            <Tag color="green" data-testid="bill-owing">{t('billingPayments.settled')}</Tag>
          )}
        </Space>
      }
    >
      {payments.length === 0 ? (
        <Typography.Text type="secondary">{t('billingPayments.none')}</Typography.Text>
      ) : (
        <Table<PaymentLine>
          size="small"
          pagination={false}
          rowKey="lineNumber"
          dataSource={payments}
          data-testid="bill-payments-table"
          columns={[
            { title: t('billingPayments.cols.no'), dataIndex: 'lineNumber', width: 64 },
            { title: t('billingPayments.cols.date'), dataIndex: 'payDate', width: 110 },
            {
              title: t('billingPayments.cols.amount'),
              align: 'right',
              render: (_, p) => (
                <Typography.Text {...(p.amount < 0 ? { type: 'danger' as const } : {})} delete={p.reversedBy !== undefined} data-testid={`bill-payment-${p.lineNumber}`}>
                  {money(p.amount)}
                </Typography.Text>
              ),
            },
            { title: t('billingPayments.cols.method'), render: (_, p) => (method ? <FieldValue def={def} name="payMethod" field={method} value={p.payMethod} /> : p.payMethod) },
            { title: t('billingPayments.cols.reference'), render: (_, p) => p.payReference ?? t('common.empty') },
            { title: t('billingPayments.cols.by'), render: (_, p) => p.by?.name ?? t('common.empty') },
            { title: t('billingPayments.cols.at'), render: (_, p) => formatDateTime(p.at) },
            {
              title: t('billingPayments.cols.note'),
              render: (_, p) =>
                p.reverses !== undefined ? (
                  <Tag color="red">{t('billingPayments.reverses', { n: p.reverses })}{p.reason ? `: ${p.reason}` : ''}</Tag>
                ) : p.reversedBy !== undefined ? (
                  <Tag>{t('billingPayments.reversedBy', { n: p.reversedBy })}</Tag>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
};
