import { useState } from 'react';
import { DeleteOutlined, EditOutlined, EyeOutlined, HistoryOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Drawer, Input, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { Modal } from '../../../shared/widgets/Modal';
import { Table } from '../../../shared/widgets/Table';
import type { ButtonProps, TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../paths';
import { FLOW_BUTTONS, definitionStates, type DefinitionRow, type ModelRow } from '@tpl/contracts';
import { useButtons } from '../../../auth/buttons';
import { formatDateTime } from '../../../shared/format';
import { useCategoryOptions, useChangeState, useDefinition, useDefinitions, useDeployXml, useModels, useRemoveDefinitions, useRemoveModels, useVersions } from '../hooks';
import { flowPaths } from '../paths';
import { BpmnFileButton } from '../shared/BpmnFileButton';
import { ProcessDiagram } from '../shared/ProcessDiagram';
import { useListState } from '../shared/listState';

const okDanger = { danger: true, 'data-testid': 'modal-ok' } as ButtonProps;

/** A definition's diagram in a dialog (read-only viewer). */
const DiagramModal = ({ id, onClose }: { id?: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const definition = useDefinition(id);
  return (
    <Modal open={Boolean(id)} onCancel={onClose} footer={null} width={960} title={definition.data ? `${definition.data.name} · v${definition.data.version}` : t('flow.definitions.diagram')} destroyOnHidden>
      {definition.data && <ProcessDiagram xml={definition.data.xml} height={480} />}
    </Modal>
  );
};

const StateTag = ({ row }: { row: DefinitionRow }) => {
  const { t } = useTranslation();
  if (row.delFlag === 2) return <Tag color="default">{t('flow.definitions.deleted')}</Tag>;
  return (
    <Tag color={row.state === 'active' ? 'green' : 'orange'} data-testid={`definition-state-${row.key}`} data-state={row.state}>
      {t(`enum.definitionState.${row.state}`)}
    </Tag>
  );
};

/** Actions on one deployed version: view, open in the designer, suspend or activate, delete. */
const useRowActions = (onView: (id: string) => void) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const has = useButtons();
  const changeState = useChangeState();
  const remove = useRemoveDefinitions();
  return (row: DefinitionRow) => (
    <Space size={0} wrap>
      <Tooltip title={t('flow.definitions.view')}>
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => onView(row.id)} data-testid={`view-${row.key}-${row.version}`} />
      </Tooltip>
      {has(FLOW_BUTTONS.modelSave) && (
        <Tooltip title={t('flow.definitions.openInDesigner')}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(flowPaths.designer({ definitionId: row.id }))} data-testid={`design-${row.key}-${row.version}`} />
        </Tooltip>
      )}
      {has(FLOW_BUTTONS.suspend) && row.delFlag === 0 && (
        <Tooltip title={row.state === 'active' ? t('flow.definitions.suspend') : t('flow.definitions.activate')}>
          <Button
            type="link"
            size="small"
            icon={row.state === 'active' ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            data-testid={`${row.state === 'active' ? 'suspend' : 'activate'}-${row.key}-${row.version}`}
            onClick={() =>
              modal.confirm({
                title: row.state === 'active' ? t('flow.definitions.suspendConfirm', { name: row.name, version: row.version }) : t('flow.definitions.activateConfirm', { name: row.name, version: row.version }),
                okButtonProps: { 'data-testid': 'modal-ok' } as ButtonProps,
                onOk: async () => {
                  await changeState.mutateAsync({ processId: row.id, state: row.state === 'active' ? 'suspended' : 'active' });
                  void message.success(t('flow.operationSuccess'));
                },
              })
            }
          />
        </Tooltip>
      )}
      {has(FLOW_BUTTONS.remove) && row.delFlag === 0 && (
        <Tooltip title={t('flow.definitions.delete')}>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={`delete-${row.key}-${row.version}`}
            onClick={() =>
              modal.confirm({
                title: t('flow.definitions.deleteConfirm', { name: row.name, version: row.version }),
                content: t('flow.definitions.deleteHint'),
                okButtonProps: okDanger,
                onOk: async () => {
                  await remove.mutateAsync([row.id]);
                  void message.success(t('flow.operationSuccess'));
                },
              })
            }
          />
        </Tooltip>
      )}
    </Space>
  );
};

const VersionsDrawer = ({ processKey, onClose, onView }: { processKey?: string; onClose: () => void; onView: (id: string) => void }) => {
  const { t } = useTranslation();
  const versions = useVersions(processKey);
  const actions = useRowActions(onView);
  const columns: TableColumnsType<DefinitionRow> = [
    { title: t('flow.fields.version'), dataIndex: 'version', render: (v: number, r) => <Space>v{v}{r.latest && <Tag color="blue">{t('flow.definitions.latest')}</Tag>}</Space> },
    { title: t('flow.fields.state'), key: 'state', render: (_, r) => <StateTag row={r} /> },
    { title: t('flow.definitions.deployedAt'), dataIndex: 'deployedAt', render: (v: string, r) => `${formatDateTime(v)} · ${r.deployedBy.name}` },
    { title: t('flow.definitions.running'), dataIndex: 'runningInstances' },
    { title: t('flow.column.actions'), key: 'actions', render: (_, r) => actions(r) },
  ];
  return (
    <Drawer open={Boolean(processKey)} onClose={onClose} size="large" title={t('flow.definitions.versionsOf', { key: processKey })} destroyOnHidden>
      <Table rowKey="id" size="small" loading={versions.isFetching} dataSource={versions.data ?? []} columns={columns} pagination={false} data-testid="versions-table" />
    </Drawer>
  );
};

const DefinitionsTab = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const has = useButtons();
  const { query, filters, setFilters, pagination } = useListState(['keyword', 'state', 'categoryId'] as const);
  const list = useDefinitions(query);
  const categories = useCategoryOptions();
  const categoryName = (code: string | null) => (code ? (categories.data?.find((c) => c.value === code)?.label ?? code) : '');
  const deployXml = useDeployXml();
  const [viewing, setViewing] = useState<string>();
  const [versionsOf, setVersionsOf] = useState<string>();
  const actions = useRowActions(setViewing);

  const upload = async (file: File) => {
    try {
      const row = await deployXml.mutateAsync({ xml: await file.text() });
      void message.success(t('flow.designer.deployed', { key: row.key, version: row.version }));
    } catch {
      // shown by the client
    }
  };

  const columns: TableColumnsType<DefinitionRow> = [
    { title: t('flow.fields.key'), dataIndex: 'key', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('flow.fields.name'), dataIndex: 'name' },
    {
      title: t('flow.fields.version'),
      dataIndex: 'version',
      render: (v: number, r) => (
        <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setVersionsOf(r.key)} data-testid={`versions-${r.key}`}>
          v{v}
        </Button>
      ),
    },
    { title: t('flow.fields.documentType'), dataIndex: 'documentType', render: (v: string | null) => (v ? t(`enum.reviewDocumentType.${v}`, { defaultValue: v }) : '') },
    { title: t('flow.fields.categoryId'), dataIndex: 'categoryId', render: (v: string | null) => categoryName(v) },
    { title: t('flow.fields.state'), key: 'state', render: (_, r) => <StateTag row={r} /> },
    { title: t('flow.definitions.deployedAt'), dataIndex: 'deployedAt', render: (v: string) => formatDateTime(v) },
    { title: t('flow.definitions.running'), dataIndex: 'runningInstances' },
    { title: t('flow.column.actions'), key: 'actions', render: (_, r) => actions(r) },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear defaultValue={filters.keyword} placeholder={t('flow.definitions.search')} onSearch={(keyword) => setFilters({ keyword })} style={{ width: 240 }} data-testid="definitions-search" />
        <Select
          allowClear
          value={filters.state}
          placeholder={t('flow.fields.state')}
          style={{ width: 140 }}
          options={definitionStates.map((s) => ({ value: s, label: t(`enum.definitionState.${s}`) }))}
          onChange={(state?: string) => setFilters({ state })}
        />
        <Select
          allowClear
          value={filters.categoryId}
          placeholder={t('flow.fields.categoryId')}
          style={{ width: 160 }}
          options={categories.data ?? []}
          onChange={(categoryId?: string) => setFilters({ categoryId })}
        />
        {has(FLOW_BUTTONS.modelSave) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(flowPaths.designer())} data-testid="definitions-new">
            {t('flow.definitions.new')}
          </Button>
        )}
        {has(FLOW_BUTTONS.deploy) && (
          <BpmnFileButton icon={<UploadOutlined />} label={t('flow.definitions.upload')} loading={deployXml.isPending} testId="definitions-upload" onFile={(file) => void upload(file)} />
        )}
      </Space>
      <Table rowKey="id" loading={list.isFetching} dataSource={list.data?.records ?? []} columns={columns} pagination={pagination(list.data?.total)} data-testid="definitions-table" scroll={{ x: true }} />
      <DiagramModal id={viewing} onClose={() => setViewing(undefined)} />
      <VersionsDrawer processKey={versionsOf} onClose={() => setVersionsOf(undefined)} onView={setViewing} />
    </>
  );
};

const ModelsTab = () => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const has = useButtons();
  const { query, filters, setFilters, pagination } = useListState(['keyword'] as const);
  const list = useModels(query);
  const remove = useRemoveModels();
  const columns: TableColumnsType<ModelRow> = [
    { title: t('flow.fields.modelKey'), dataIndex: 'modelKey', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('flow.fields.name'), dataIndex: 'name' },
    { title: t('flow.definitions.draftVersion'), dataIndex: 'version' },
    { title: t('flow.definitions.deployedVersion'), dataIndex: 'deployedVersion', render: (v: number | null) => (v ? `v${v}` : <Tag>{t('flow.definitions.neverDeployed')}</Tag>) },
    { title: t('flow.definitions.updated'), dataIndex: 'updatedAt', render: (v: string, r) => `${formatDateTime(v)} · ${r.updatedBy}` },
    {
      title: t('flow.column.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(flowPaths.designer({ modelId: r.id }))} data-testid={`model-open-${r.modelKey}`}>
            {t('flow.definitions.openInDesigner')}
          </Button>
          {has(FLOW_BUTTONS.modelRemove) && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              data-testid={`model-delete-${r.modelKey}`}
              onClick={() =>
                modal.confirm({
                  title: t('flow.definitions.deleteModelConfirm', { name: r.name }),
                  okButtonProps: okDanger,
                  onOk: async () => {
                    await remove.mutateAsync([r.id]);
                    void message.success(t('flow.operationSuccess'));
                  },
                })
              }
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear defaultValue={filters.keyword} placeholder={t('flow.definitions.search')} onSearch={(keyword) => setFilters({ keyword })} style={{ width: 240 }} />
      </Space>
      <Table rowKey="id" loading={list.isFetching} dataSource={list.data?.records ?? []} columns={columns} pagination={pagination(list.data?.total)} data-testid="models-table" />
    </>
  );
};

/** /definition/manager: deployed process definitions (newest version per key) and the designer's drafts. */
export const DefinitionsPage = () => {
  const { t } = useTranslation();
  return (
    <Card
      title={t('flow.menu.definitions')}
      extra={
        // categories, deploy forms and process forms are records of the entity framework: its screens serve them
        <Space wrap>
          {(['flowcategory', 'deployform', 'flowform'] as const).map((name) => (
            <Link key={name} to={paths.mdList(name)} data-testid={`link-${name}`}>
              {t(`${name}.title`)}
            </Link>
          ))}
        </Space>
      }
    >
      <Tabs
        destroyOnHidden
        items={[
          { key: 'definitions', label: t('flow.definitions.deployed'), children: <DefinitionsTab /> },
          { key: 'models', label: <span data-testid="tab-models">{t('flow.definitions.models')}</span>, children: <ModelsTab /> },
        ]}
      />
    </Card>
  );
};
