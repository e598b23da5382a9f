import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Result, Row, Space, Spin, Typography } from 'antd';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorCodes, submitSchemaOf, type EntityDef, type FieldDef } from '@tpl/contracts';
import { ApiError } from '../../api/client';
import type { EntityRecord } from '../../api/entities';
import { paths } from '../../paths';
import { ProblemsAlert } from '../../shared/ProblemsAlert';
import { parseWithInput, useSchemaValidation } from '../../shared/zodForm';
import { FieldInput } from '../../shared/widgets/FieldInput';
import { formFieldsOf, hasOwnRemark, newFormValues, schemaDefFor, toFormValues, toSubmitBody, toSubmitInput, type FormValues, confirmKey } from './formValues';
import { useEntityDetail, useSubmitEntity } from '../../shared/widgets/hooks';
import { useEntityLabels } from '../../shared/widgets/labels';
import { codeOf, recordSubject } from '../../shared/widgets/listQuery';
import { usePageSubject } from '../../shared/widgets/pageTitle';
import { RowsField } from '../../shared/widgets/RowsField';
import { fieldWidget } from './fieldWidgets';

/** /md/:entity/new and /md/:entity/:id/edit */
export const EntityFormPage = ({ def }: { def: EntityDef }) => {
  const { id } = useParams();
  const { t } = useEntityLabels(def);
  const navigate = useNavigate();
  const detail = useEntityDetail(def, id);
  const { pathname } = useLocation();
  usePageSubject(pathname, id !== undefined && detail.data ? recordSubject(def, detail.data) : undefined);
  // kept here so that a newer version (a 409 reloads the record) keeps the server's words
  const [problems, setProblems] = useState<string[]>([]);

  if (id === undefined) return <EntityEditor def={def} problems={problems} setProblems={setProblems} />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!detail.data) {
    const notFound = detail.error instanceof ApiError && detail.error.code === ErrorCodes.notFound;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? '404' : undefined}
        subTitle={notFound ? t('md.notFound') : detail.error?.message}
        extra={<Button onClick={() => navigate(paths.mdList(def.name))}>{t('md.back')}</Button>}
      />
    );
  }
  return <EntityEditor key={detail.data.version} def={def} record={detail.data} problems={problems} setProblems={setProblems} />;
};

/** Passwords a new record must have (the contracts' passwordOnCreate, where an entity declares it). */
const passwordsOnCreate = (def: EntityDef): readonly string[] => (def as { passwordOnCreate?: readonly string[] }).passwordOnCreate ?? [];

/** The required mark: never on generated fields; a password only when creating. */
const requiredHere = (def: EntityDef, key: string, f: FieldDef, editing: boolean): boolean => {
  if (f.generated) return false;
  if (f.kind === 'password') return !editing && (Boolean(f.required) || passwordsOnCreate(def).includes(key));
  return Boolean(f.required);
};

/** Wide inputs take the whole row; the rest share it two or three to a row. */
const wide = (f: FieldDef) => f.kind === 'rows' || (f.kind === 'text' && f.multiline) || (f.kind === 'ref' && f.multiple);

type EditorProps = {
  def: EntityDef;
  record?: EntityRecord;
  problems: string[];
  setProblems: (problems: string[]) => void;
};

const EntityEditor = ({ def, record, problems, setProblems }: EditorProps) => {
  const { t, title, field: label } = useEntityLabels(def);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const submit = useSubmitEntity(def);
  const editing = Boolean(record);
  const schema = submitSchemaOf(schemaDefFor(def, editing));
  const { validate, onFieldsChange } = useSchemaValidation(form, def.name, formFieldsOf(def), () =>
    parseWithInput(schema, toSubmitInput(def, form.getFieldsValue(true) as FormValues, record)),
  );

  const save = async () => {
    const checked = validate();
    if (!checked.ok) {
      setProblems(checked.unplaced);
      return;
    }
    setProblems([]);
    const input = toSubmitInput(def, form.getFieldsValue(true) as FormValues, record);
    try {
      const saved = await submit.mutateAsync(toSubmitBody(def, checked.data, input));
      void message.success(t('md.operationSuccess'));
      navigate(paths.mdView(def.name, saved.id));
    } catch (error) {
      // the toast has shown it too; keep the server's words (409: stale or duplicate code) by the form
      if (error instanceof ApiError) setProblems([error.message]);
    }
  };

  const parentField = def.tree?.parentField;
  const self = record ? [codeOf(def, record)] : undefined;

  const item = (key: string, f: FieldDef) => {
    const Widget = fieldWidget(def.name, key);
    if (Widget) {
      return (
        <Col xs={24} key={key}>
          <Form.Item name={key} label={label(key)} required={requiredHere(def, key, f, editing)} style={{ marginBottom: 16 }}>
            <Widget />
          </Form.Item>
        </Col>
      );
    }
    if (f.kind === 'rows') {
      return (
        <Col xs={24} key={key}>
          <Form.Item label={label(key)} required={f.required} style={{ marginBottom: 16 }}>
            <RowsField def={def} name={key} field={f} editing={editing} />
          </Form.Item>
        </Col>
      );
    }
    const confirm =
      f.kind === 'password' ? (
        <Col xs={24} md={12} xl={8} key={confirmKey(key)}>
          <Form.Item name={confirmKey(key)} label={t('md.confirmPassword')} required={requiredHere(def, key, f, editing)}>
            <Input.Password autoComplete="new-password" data-testid={`md-field-${confirmKey(key)}`} />
          </Form.Item>
        </Col>
      ) : null;
    return [
      <Col xs={24} md={wide(f) ? 24 : 12} xl={wide(f) ? 24 : 8} key={key}>
        <Form.Item
          name={key}
          label={label(key)}
          required={requiredHere(def, key, f, editing)}
          extra={f.generated ? t('md.generated') : undefined}
        >
          <FieldInput
            def={def}
            name={key}
            field={f}
            editing={editing}
            testId={`md-field-${key}`}
            refNames={record?.refNames?.[key]}
            exclude={key === parentField ? self : undefined}
          />
        </Form.Item>
      </Col>,
      confirm,
    ];
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="md-form-title">
        {record ? `${t('md.pages.edit', { title })} ${recordSubject(def, record) ?? ''}` : t('md.pages.new', { title })}
      </Typography.Title>
      <ProblemsAlert problems={problems} testId="md-form-error" onClose={() => setProblems([])} />
      <Form<FormValues>
        form={form}
        layout="vertical"
        name={`md-form-${def.name}`}
        initialValues={record ? toFormValues(def, record) : newFormValues(def, params.get('parent'))}
        onFieldsChange={onFieldsChange}
        onFinish={() => void save()}
      >
        <Card size="small">
          <Row gutter={16}>
            {Object.entries(def.fields).map(([key, f]) => item(key, f))}
            {!hasOwnRemark(def) && (
              <Col xs={24}>
                <Form.Item name="remark" label={label('remark')}>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} data-testid="md-field-remark" />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="md-save">
            {t('md.save')}
          </Button>
          <Button
            onClick={() => navigate(record ? paths.mdView(def.name, record.id) : paths.mdList(def.name))}
            data-testid="md-cancel"
          >
            {t('md.cancel')}
          </Button>
        </Space>
      </Form>
    </Space>
  );
};
