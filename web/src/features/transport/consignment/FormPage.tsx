import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Result, Row, Select, Space, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { CONSIGNMENT, consignmentContentSchema, deliveryModes, type Consignment } from '@tpl/contracts';
import { canConsignment } from '@tpl/workflows';
import { ApiError } from '../../../api/client';
import { CONSIGNMENT_BUTTONS } from '@tpl/contracts';
import { useButtons } from '../../../auth/buttons';
import { paths } from '../../../paths';
import { DATE_FORMAT } from '../../../shared/format';
import { ProblemsAlert } from '../../../shared/ProblemsAlert';
import { parseWithInput, useSchemaValidation } from '../../../shared/zodForm';
import {
  contentFields,
  newFormValues,
  partyFields,
  requiredContent,
  requiredParty,
  toContentInput,
  toFormValues,
  type ConsignmentFormValues,
} from './formValues';
import { useConsignment, useSubmitConsignment } from './hooks';
import { useConsignmentLabels } from './labels';
import { LinesField } from './LinesField';
import { RefSelect } from '../../md/RefSelect';
import type { EntityRecord } from '../../../api/entities';

/** /transport/consignment/new and /transport/consignment/:id/edit */
export const ConsignmentFormPage = () => {
  const { id } = useParams();
  const { t } = useConsignmentLabels();
  const navigate = useNavigate();
  const has = useButtons();
  const writer = has(id === undefined ? CONSIGNMENT_BUTTONS.add : CONSIGNMENT_BUTTONS.edit);
  const detail = useConsignment(id);

  if (!writer) {
    return <Result status="403" title={t('common.forbiddenTitle')} subTitle={t('common.forbidden')} extra={<BackToList />} />;
  }
  if (id === undefined) return <ConsignmentEditor />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!detail.data) return <Result status="404" title={t('notFound.title')} subTitle={t('notFound.document')} extra={<BackToList />} />;
  if (!canConsignment(detail.data.state, 'EDIT')) {
    return (
      <Result
        status="warning"
        subTitle={t('consignment.notEditable')}
        extra={<Button onClick={() => navigate(paths.consignmentView(detail.data.id))}>{t('common.back')}</Button>}
      />
    );
  }
  // a newer version (someone else saved: 409) starts the form again from that version
  return <ConsignmentEditor key={detail.data.version} doc={detail.data} />;
};

const BackToList = () => {
  const { t } = useConsignmentLabels();
  const navigate = useNavigate();
  return <Button onClick={() => navigate(paths.consignmentList)}>{t('common.backToList')}</Button>;
};

const ConsignmentEditor = ({ doc }: { doc?: Consignment }) => {
  const labels = useConsignmentLabels();
  const { t } = labels;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ConsignmentFormValues>();
  const submit = useSubmitConsignment();
  const [problems, setProblems] = useState<string[]>([]);
  const { validate, onFieldsChange } = useSchemaValidation(form, CONSIGNMENT, contentFields, () =>
    parseWithInput(consignmentContentSchema, toContentInput(form.getFieldsValue(true) as ConsignmentFormValues)),
  );

  const save = async () => {
    const checked = validate();
    if (!checked.ok) {
      setProblems(checked.unplaced);
      return;
    }
    setProblems([]);
    try {
      const saved = await submit.mutateAsync(doc ? { ...checked.data, id: doc.id, version: doc.version } : checked.data);
      void message.success(t('app.operationSuccess'));
      navigate(paths.consignmentView(saved.id));
    } catch (error) {
      // the toast has shown it too; keep the server's words next to the form
      if (error instanceof ApiError) setProblems([error.message]);
    }
  };

  // the customer (cargo owner) is usually the consignor: a picked customer fills what the consignor card leaves empty
  const fillConsignor = (customer: EntityRecord | undefined) => {
    if (!customer) return;
    const now = (form.getFieldValue('consignor') ?? {}) as Record<string, unknown>;
    const from: Record<string, unknown> = { name: customer.fullName || customer.name, linkman: customer.linkman, mobile: customer.mobile, address: customer.address };
    const keys = partyFields.filter((key) => !now[key] && typeof from[key] === 'string' && from[key]);
    if (!keys.length) return;
    form.setFieldsValue({ consignor: { ...now, ...Object.fromEntries(keys.map((key) => [key, from[key]])) } });
    // a field filled here no longer shows the prompt it had for being empty
    form.setFields(keys.map((key) => ({ name: ['consignor', key], errors: [] })) as Parameters<typeof form.setFields>[0]);
  };

  const partyCard = (party: 'consignor' | 'consignee') => (
    <Card size="small" title={labels.field(party)} data-testid={`group-${party}`}>
      <Row gutter={16}>
        {partyFields.map((key) => (
          <Col xs={24} md={key === 'address' ? 24 : 8} key={key}>
            <Form.Item name={[party, key]} label={labels.field(party, key)} required={requiredParty(key)}>
              <Input data-testid={`${party}-${key}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Card>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {doc ? `${t('pages.consignmentEdit')} ${doc.billNo}` : t('pages.consignmentNew')}
      </Typography.Title>
      <ProblemsAlert problems={problems} testId="form-error" onClose={() => setProblems([])} />
      <Form<ConsignmentFormValues>
        form={form}
        layout="vertical"
        initialValues={doc ? toFormValues(doc) : newFormValues()}
        onFieldsChange={onFieldsChange}
        onFinish={() => void save()}
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small" title={t('consignment.sections.basic')}>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="billDate" label={labels.field('billDate')} required={requiredContent('billDate')}>
                  <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="customerCode" label={labels.field('customerCode')} required={requiredContent('customerCode')}>
                  <RefSelect entity="customer" testId="customerCode" onPicked={fillConsignor} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="deliveryMode" label={labels.field('deliveryMode')} required={requiredContent('deliveryMode')}>
                  <Select
                    allowClear
                    data-testid="deliveryMode"
                    options={deliveryModes.map((mode) => ({ value: mode, label: labels.deliveryMode(mode) }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="plannedDate" label={labels.field('plannedDate')} required={requiredContent('plannedDate')}>
                  <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item name="remark" label={labels.field('remark')} required={requiredContent('remark')}>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid="remark" />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          {partyCard('consignor')}
          {partyCard('consignee')}
          <Card size="small" title={t('consignment.sections.lines')}>
            <LinesField />
          </Card>
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="save-button">
              {t('common.save')}
            </Button>
            <Button onClick={() => navigate(doc ? paths.consignmentView(doc.id) : paths.consignmentList)} data-testid="cancel-button">
              {t('common.cancel')}
            </Button>
          </Space>
        </Space>
      </Form>
    </Space>
  );
};
