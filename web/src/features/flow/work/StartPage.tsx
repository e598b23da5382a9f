import { useState } from 'react';
import { MinusCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { Modal } from '../../../shared/widgets/Modal';
import { Table } from '../../../shared/widgets/Table';
import type { ButtonProps, TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { documentByName, documentPath, type DefinitionRow } from '@tpl/contracts';
import { useStartList, useStartProcess } from '../hooks';
import { flowPaths } from '../paths';
import { useListState } from '../shared/listState';
import { typedValue } from './values';

type StartForm = { businessKey?: string; variables?: { name?: string; value?: string }[] };

/** The generic start form: a business key and named values that become process variables. */
const StartModal = ({ definition, onClose }: { definition?: DefinitionRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const start = useStartProcess();
  const [form] = Form.useForm<StartForm>();
  const submit = async (values: StartForm) => {
    if (!definition) return;
    const variables = Object.fromEntries((values.variables ?? []).filter((v) => v.name?.trim()).map((v) => [v.name!.trim(), typedValue(v.value ?? '')]));
    try {
      const result = await start.mutateAsync({ processDefinitionId: definition.id, businessKey: values.businessKey?.trim() || undefined, variables });
      void message.success(t('flow.start.started'));
      onClose();
      navigate(flowPaths.detail({ processInstanceId: result.instanceId }));
    } catch {
      // shown by the client
    }
  };
  return (
    <Modal
      open={Boolean(definition)}
      title={definition ? t('flow.start.titleOf', { name: definition.name }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={start.isPending}
      okButtonProps={{ 'data-testid': 'start-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item name="businessKey" label={t('flow.fields.businessKey')} extra={t('flow.start.businessKeyHelp')}>
          <Input maxLength={64} data-testid="start-businessKey" />
        </Form.Item>
        <Typography.Text strong>{t('flow.start.variables')}</Typography.Text>
        <Form.List name="variables">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'name']} rules={[{ pattern: /^[A-Za-z_]\w*$/, message: t('flow.start.variableName') }]}>
                    <Input placeholder={t('flow.start.name')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']}>
                    <Input placeholder={t('flow.start.value')} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()} block>
                {t('flow.start.addVariable')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
};

/**
 * /flowable/work/start: the processes the user may start (active, newest versions). The
 * leave sample opens its own form; a document review starts from its document's
 * "submit for review"; any other process starts with the generic form.
 */
export const StartPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, pagination } = useListState([] as const);
  const list = useStartList(query);
  const [starting, setStarting] = useState<DefinitionRow>();
  const columns: TableColumnsType<DefinitionRow> = [
    { title: t('flow.fields.name'), dataIndex: 'name' },
    { title: t('flow.fields.key'), dataIndex: 'key', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('flow.fields.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
    { title: t('flow.fields.categoryId'), dataIndex: 'categoryId', render: (v: string | null) => v ?? '' },
    {
      title: t('flow.column.actions'),
      key: 'start',
      render: (_, r) =>
        r.documentType && documentByName(r.documentType) ? (
          <Link to={documentPath(documentByName(r.documentType)!, 'list')}>{t('flow.start.fromDocument')}</Link>
        ) : (
          <Button
            type="primary"
            size="small"
            icon={<PlayCircleOutlined />}
            data-testid={`start-${r.key}`}
            onClick={() => (r.documentType === 'leave' ? navigate(flowPaths.leaveForm(r.id)) : setStarting(r))}
          >
            {t('flow.start.start')}
          </Button>
        ),
    },
  ];
  return (
    <Card title={t('flow.menu.start')}>
      <Table rowKey="id" loading={list.isFetching} dataSource={list.data?.records ?? []} columns={columns} pagination={pagination(list.data?.total)} data-testid="start-table" />
      <StartModal definition={starting} onClose={() => setStarting(undefined)} />
    </Card>
  );
};
