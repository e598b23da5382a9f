import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { documentByName, documentContentSchemaOf, documentPath, ErrorCodes, type DocumentDef, type FieldDef, type GroupField, type KitDocument } from '@tpl/contracts';
import { documentApi } from '../../api/documents';
import { documentKeys } from '../../api/queryKeys';
import { canDocument } from '@tpl/workflows';
import { ApiError } from '../../api/client';
import { ProblemsAlert } from '../../shared/ProblemsAlert';
import { parseWithInput, useSchemaValidation } from '../../shared/zodForm';
import { FieldInput, type Picked } from '../../shared/widgets/FieldInput';
import { fieldWidget } from '../md/fieldWidgets';
import { FormField } from '../../shared/widgets/FormField';
import { useSaid } from '../../shared/widgets/labels';
import { useDocument, useSubmitDocument } from './hooks';
import { useDocumentLabels } from './labels';
import { LinesField } from './LinesField';
import { fillsFrom, formFieldsOf, headerLayout, isWide, newFormValues, requiredIn, toContentInput, toFormValues } from './model';
import { useDocumentButtons } from './permissions';

/**
 * A document type's new and edit pages (its description's routes.new and routes.edit). `start`:
 * values a new document starts with, from the screen that opens it (a context's registration page
 * for drivers or for visitors: the visit type).
 */
export const DocumentFormPage = ({ def, start }: { def: DocumentDef; start?: Record<string, unknown> }) => {
  const { id } = useParams();
  const { t, title, state } = useDocumentLabels(def);
  const navigate = useNavigate();
  const can = useDocumentButtons(def);
  const detail = useDocument(def, id);
  const back = (
    <Button onClick={() => navigate(documentPath(def, 'list'))} data-testid="back-to-list">
      {t('common.backToList')}
    </Button>
  );

  if (!can(id === undefined ? 'add' : 'edit')) {
    return <Result status="403" title={t('common.forbiddenTitle')} subTitle={t('documents.forbidden', { title })} extra={back} />;
  }
  if (id === undefined) return <NewDocument def={def} start={start} />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!detail.data) {
    const notFound = detail.error instanceof ApiError && detail.error.code === ErrorCodes.notFound;
    return <Result status={notFound ? '404' : 'error'} title={notFound ? '404' : undefined} subTitle={notFound ? t('documents.notFound', { title }) : detail.error?.message} extra={back} />;
  }
  const doc = detail.data;
  if (doc.removed || !canDocument(def, doc.state, 'EDIT', doc.isReview)) {
    return (
      <Result
        status="warning"
        subTitle={t('documents.notEditable', { title, state: state(doc.state) })}
        extra={<Button onClick={() => navigate(documentPath(def, 'view', doc.id))}>{t('common.back')}</Button>}
      />
    );
  }
  // a newer version (someone else saved: 409) starts the form again from that version
  return <DocumentEditor key={doc.version} def={def} doc={doc} />;
};

/**
 * A new document, empty or made from a source (?from=<type>&id=<id>, the source's button): the
 * source is read and what its type's `sources` entry copies (header, lines with what is left) is
 * where the form starts.
 */
const NewDocument = ({ def, start }: { def: DocumentDef; start?: Record<string, unknown> | undefined }) => {
  const [params] = useSearchParams();
  const { t } = useDocumentLabels(def);
  const from = params.get('from') ?? '';
  const how = def.sources?.[from];
  const sourceDef = how ? documentByName(from) : undefined;
  const source = useDocument(sourceDef ?? def, sourceDef ? (params.get('id') ?? undefined) : undefined);
  if (!sourceDef || !how) return <DocumentEditor def={def} start={start ? { ...newFormValues(def), ...start } : undefined} />;
  if (source.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!source.data) return <Result status="warning" subTitle={source.error?.message ?? t('documents.sourceMissing')} />;
  const made = { ...newFormValues(def), ...how.copy(source.data) };
  // a source that moved on (a booking received in part since) starts the form again from what it has left now
  return <DocumentEditor key={`${source.data.id}:${source.data.version}`} def={def} start={made} madeFrom={{ def: sourceDef, billNo: source.data.billNo }} />;
};

const DocumentEditor = ({ def, doc, start, madeFrom }: { def: DocumentDef; doc?: KitDocument; start?: Record<string, unknown>; madeFrom?: { def: DocumentDef; billNo: string } }) => {
  const { t, title, field: label } = useDocumentLabels(def);
  const said = useSaid();
  const client = useQueryClient();
  const fetchSource = (sourceDef: DocumentDef, sourceId: string) =>
    client.fetchQuery({ queryKey: documentKeys.detail(sourceDef.name, sourceId), queryFn: ({ signal }) => documentApi.detail(sourceDef, sourceId, undefined, signal) }).catch(() => undefined);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Record<string, unknown>>();
  const submit = useSubmitDocument(def);
  const [problems, setProblems] = useState<string[]>([]);
  const schema = useMemo(() => documentContentSchemaOf(def), [def]);
  const { basic, groups } = headerLayout(def);
  const { validate, onFieldsChange } = useSchemaValidation(form, def.name, formFieldsOf(def), () =>
    parseWithInput(schema, toContentInput(def, form.getFieldsValue(true) as Record<string, unknown>)),
  );

  const save = async () => {
    const checked = validate();
    if (!checked.ok) {
      setProblems(checked.unplaced);
      return;
    }
    setProblems([]);
    const content = checked.data as Record<string, unknown>;
    try {
      const saved = await submit.mutateAsync(doc ? { ...content, id: doc.id, version: doc.version } : content);
      void message.success(t('app.operationSuccess'));
      navigate(documentPath(def, 'view', saved.id));
    } catch (error) {
      // the toast has shown it too; keep the server's words next to the form
      if (error instanceof ApiError) setProblems([error.message]);
    }
  };

  const setValues = (values: Record<string, unknown>) => {
    const path = (target: string) => target.split('.');
    const targets = Object.keys(values);
    if (!targets.length) return;
    for (const target of targets) form.setFieldValue(path(target), values[target]);
    // a field filled here no longer shows the prompt it had for being empty
    form.setFields(targets.map((target) => ({ name: path(target), errors: [] })));
  };

  /** A header reference picked: the description's `fills` for it (the customer's contact as the consignor). */
  const fill = (source: string, record: Picked | undefined) =>
    setValues(fillsFrom(def.fills?.[source], record, (target) => form.getFieldValue(target.split('.'))));

  /** A source document picked in its header field (a receipt's booking): the form takes what the source's copy gives, lines included. */
  const takeSource = async (f: Extract<FieldDef, { kind: 'doc' }>, picked: Picked | undefined) => {
    const how = def.sources?.[f.document];
    const sourceDef = documentByName(f.document);
    if (!how || !sourceDef || !picked || typeof picked.id !== 'string') return;
    const source = await fetchSource(sourceDef, picked.id);
    if (source) setValues(how.copy(source));
  };

  const onPickedOf = (f: FieldDef, path: string) => {
    if (f.kind === 'doc' && def.sources?.[f.document]) return (picked: Picked | undefined) => void takeSource(f, picked);
    return def.fills?.[path] ? (record: Picked | undefined) => fill(path, record) : undefined;
  };

  const input = (key: string, f: FieldDef, group?: [string, GroupField]) => {
    if (f.hidden) return null;
    const name = group ? [group[0], key] : [key];
    const path = name.join('.');
    if (f.kind === 'rows') {
      // a table of rows in the header (a BOM's finished goods, photos) under its label; rows the server computes are the view's
      if (f.generated) return null;
      return (
        <Col xs={24} key={path}>
          <FormField def={def} name={key} field={f} testId={name.join('-')} />
        </Col>
      );
    }
    // a header field a context gives a control of its own (the appointment time's dock slot picker)
    const Widget = group ? undefined : fieldWidget(def.name, key);
    if (Widget) {
      // a control of its own takes the row (the slot picker's day and slots side by side)
      return (
        <Col xs={24} key={path}>
          <Form.Item name={name} label={label(...name)} required={requiredIn(group?.[1], f)}>
            <Widget />
          </Form.Item>
        </Col>
      );
    }
    return (
      <Col xs={24} md={isWide(f) ? 24 : 8} key={path}>
        <Form.Item name={name} label={label(...name)} required={requiredIn(group?.[1], f)}>
          <FieldInput def={def} name={key} field={f} testId={name.join('-')} onPicked={onPickedOf(f, path)} />
        </Form.Item>
      </Col>
    );
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="form-title">
        {doc ? `${t('documents.pages.edit', { title })} ${doc.billNo}` : t('documents.pages.new', { title })}
      </Typography.Title>
      {madeFrom && (
        <Alert type="info" showIcon data-testid="made-from" title={t('documents.madeFrom', { title: said(madeFrom.def.title), billNo: madeFrom.billNo })} />
      )}
      <ProblemsAlert problems={problems} testId="form-error" onClose={() => setProblems([])} />
      <Form<Record<string, unknown>>
        form={form}
        layout="vertical"
        initialValues={doc ? toFormValues(def, doc) : (start ?? newFormValues(def))}
        onFieldsChange={onFieldsChange}
        onFinish={() => void save()}
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small" title={t('documents.sections.basic')}>
            <Row gutter={16}>
              {basic.map(([key, f]) => input(key, f))}
              <Col xs={24} md={16}>
                <Form.Item name="remark" label={label('remark')}>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} data-testid="remark" />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          {groups.map((group) => (
            <Card size="small" key={group[0]} title={label(group[0])} data-testid={`group-${group[0]}`}>
              <Row gutter={16}>{Object.entries(group[1].fields).map(([key, f]) => input(key, f, group))}</Row>
            </Card>
          ))}
          {def.lines && (
            <Card size="small" title={label(def.lines.key)}>
              <LinesField def={def} lines={def.lines} />
            </Card>
          )}
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="save-button">
              {t('common.save')}
            </Button>
            <Button onClick={() => navigate(doc ? documentPath(def, 'view', doc.id) : documentPath(def, 'list'))} data-testid="cancel-button">
              {t('common.cancel')}
            </Button>
          </Space>
        </Space>
      </Form>
    </Space>
  );
};
