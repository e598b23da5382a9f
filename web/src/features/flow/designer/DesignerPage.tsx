import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  CompressOutlined,
  DownloadOutlined,
  FileAddOutlined,
  FolderOpenOutlined,
  RedoOutlined,
  SafetyCertificateOutlined,
  SaveOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { App, Badge, type ButtonProps, Button, Card, Divider, Dropdown, Empty, Input, List, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FLOW_BUTTONS, processKeySchema } from '@tpl/contracts';
import { useButtons } from '../../../auth/buttons';
import { saveFile } from '../../../shared/saveFile';
import { flowApi } from '../api';
import { useCategoryOptions, useDefinition, useDeployModel, useModel, useSaveModel } from '../hooks';
import { flowPaths } from '../paths';
import { flowKeys } from '../queryKeys';
import { BpmnFileButton } from '../shared/BpmnFileButton';
import { countBySeverity, deployVerdict, serverFindings, toFindings, uniqueFindings, type Finding } from './lint/findings';
import { sampleDiagrams } from './samples';
import { diagramTemplates, newDiagramXml, type DiagramTemplate } from './templates';
import { processOf, useModeler, type ModelerHandle } from './useModeler';
import './designer.css';

type Loaded = { modelId?: string; version?: number; categoryId?: string; source: 'model' | 'definition' | 'new' | 'file' };

/**
 * /definition/designer: draw a process (bpmn-js with our properties group), check it
 * (bpmnlint in the browser plus the server's deploy checks), save it as a model and deploy
 * it as the next version of its key. ?modelId= opens a saved model, ?definitionId= a
 * deployed version; nothing opens a new diagram from the approval template.
 */
export const DesignerPage = () => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const has = useButtons();
  const [search, setSearch] = useSearchParams();
  const modelId = search.get('modelId') ?? undefined;
  const definitionId = search.get('definitionId') ?? undefined;
  const model = useModel(modelId);
  const definition = useDefinition(definitionId);

  const canvasRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [dirty, setDirty] = useState(false);
  const [, setTick] = useState(0);
  /** counts edits: the findings on screen are checked again after each */
  const [revision, setRevision] = useState(0);
  /** the revision the findings on screen describe */
  const lintedAt = useRef(0);
  const [loaded, setLoaded] = useState<Loaded>({ source: 'new' });
  const [findings, setFindings] = useState<Finding[] | undefined>();
  const [importError, setImportError] = useState<string>();
  const [busy, setBusy] = useState<'save' | 'deploy' | 'lint'>();
  const directory = useMemo(
    () => ({
      roles: () => client.fetchQuery({ queryKey: flowKeys.roles(), queryFn: ({ signal }) => flowApi.roles(signal), staleTime: 60_000 }),
      users: (keyword: string) => client.fetchQuery({ queryKey: flowKeys.users(keyword), queryFn: ({ signal }) => flowApi.users(keyword, signal), staleTime: 60_000 }),
    }),
    [client],
  );
  const onChange = useCallback(() => {
    setDirty(true);
    setTick((n) => n + 1);
    setRevision((n) => n + 1);
  }, []);
  const handle = useModeler(canvasRef, panelRef, directory, onChange);
  const categories = useCategoryOptions();
  const [categoryId, setCategoryId] = useState<string>();
  const saveModel = useSaveModel();
  const deployModel = useDeployModel();

  const open = useCallback(
    async (h: ModelerHandle, xml: string, next: Loaded) => {
      try {
        await h.modeler.importXML(xml);
        h.get('canvas').zoom('fit-viewport', 'auto');
        h.get('commandStack').clear();
        setImportError(undefined);
        setLoaded(next);
        setCategoryId(next.categoryId);
        setDirty(next.source === 'file' || next.source === 'definition');
        setFindings(undefined);
        setTick((n) => n + 1);
      } catch (e) {
        setImportError(t('flow.designer.importFailed', { error: (e as Error).message }));
      }
    },
    [t],
  );

  const templateNames = useCallback(
    () => ({
      process: t('flow.designer.template.names.process'),
      start: t('flow.designer.template.names.start'),
      end: t('flow.designer.template.names.end'),
      review: t('flow.designer.template.names.review'),
      director: t('flow.designer.template.names.director'),
      gateway: t('flow.designer.template.names.gateway'),
      heavy: t('flow.designer.template.names.heavy'),
    }),
    [t],
  );

  // what to open: a model, a deployed definition, or a new diagram
  useEffect(() => {
    if (!handle) return;
    if (modelId) {
      if (model.data && loaded.modelId !== modelId) void open(handle, model.data.xml, { modelId, version: model.data.version, categoryId: model.data.categoryId ?? undefined, source: 'model' });
      return;
    }
    if (definitionId) {
      if (definition.data && loaded.source !== 'definition') {
        // saving goes to the model of the same key when there is one (its next draft), else a new model
        void flowApi.models({ keyword: definition.data.key, current: 1, size: 50 }).then(
          (page) => {
            const same = page.records.find((m) => m.modelKey === definition.data!.key);
            void open(handle, definition.data!.xml, { source: 'definition', categoryId: definition.data!.categoryId ?? undefined, ...(same ? { modelId: same.id, version: same.version } : {}) });
          },
          () => void open(handle, definition.data!.xml, { source: 'definition' }),
        );
      }
      return;
    }
    if (loaded.source === 'new' && !handle.modeler.getDefinitions()) void open(handle, newDiagramXml('approval', templateNames()), { source: 'new' });
  }, [handle, modelId, definitionId, model.data, definition.data, loaded, open, templateNames]);

  // leaving with unsaved work asks first (the browser's own prompt)
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const proc = handle && handle.modeler.getDefinitions() ? processOf(handle) : undefined;
  const processKey = proc?.id ?? '';
  const processName = proc?.name ?? '';
  const keyCheck = processKeySchema.safeParse(processKey);

  const setProcess = (props: { id?: string; name?: string }) => {
    if (!handle || !proc) return;
    const root = handle.get('canvas').getRootElement();
    if (root.businessObject === proc) handle.get('modeling').updateProperties(root, props);
    else handle.get('modeling').updateModdleProperties(root, proc, props);
  };

  const labelOf = (id: string) => {
    const el = handle?.get('elementRegistry').get(id);
    return (el?.businessObject.name as string | undefined) || undefined;
  };

  const xmlOf = async () => {
    const { xml } = await handle!.modeler.saveXML({ format: true });
    return xml ?? '';
  };

  // the findings shown are marked on the diagram: red for errors, orange for warnings
  useEffect(() => {
    if (!handle || !findings) return;
    const canvas = handle.get('canvas');
    const marked = findings.filter((f) => handle.get('elementRegistry').get(f.elementId));
    for (const f of marked) canvas.addMarker(f.elementId, `flow-lint-${f.severity}`);
    return () => {
      for (const f of marked) {
        if (!handle.get('elementRegistry').get(f.elementId)) continue;
        canvas.removeMarker(f.elementId, `flow-lint-${f.severity}`);
      }
    };
  }, [handle, findings]);

  // once findings are on screen they follow the drawing (bpmnlint only; the server is asked again at deploy)
  const showing = findings !== undefined;
  useEffect(() => {
    if (!handle || !showing || revision <= lintedAt.current) return;
    const timer = setTimeout(() => {
      void handle
        .get('linting')
        .lint()
        .then((results) => {
          lintedAt.current = revision;
          // the server's findings described the diagram before this edit: the next check asks it again
          setFindings((prev) => (prev === undefined ? prev : toFindings(results, labelOf, t)));
        });
    }, 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, revision, showing]);

  /** bpmnlint here, then the server's own deploy checks; both listed, errors first. */
  const lint = async (): Promise<Finding[]> => {
    if (!handle) return [];
    setBusy('lint');
    const at = revision;
    try {
      const local = toFindings(await handle.get('linting').lint(), labelOf, t);
      let server: Finding[] = [];
      try {
        server = serverFindings((await flowApi.checkModel(await xmlOf())).problems, labelOf);
      } catch {
        // the server check repeats at deploy; lint findings still stand without it
      }
      const all = uniqueFindings([...local, ...server]);
      lintedAt.current = at;
      setFindings(all);
      return all;
    } finally {
      setBusy(undefined);
    }
  };

  const save = async (): Promise<{ id: string; version: number } | undefined> => {
    if (!handle) return undefined;
    if (!keyCheck.success) {
      message.error(t('flow.designer.keyInvalid'));
      return undefined;
    }
    setBusy('save');
    try {
      const result = await saveModel.mutateAsync({
        ...(loaded.modelId ? { id: loaded.modelId, version: loaded.version } : {}),
        modelKey: processKey,
        name: processName || processKey,
        ...(categoryId ? { categoryId } : {}),
        xml: await xmlOf(),
      });
      setLoaded({ modelId: result.id, version: result.version, categoryId, source: 'model' });
      setDirty(false);
      if (result.id !== modelId) setSearch({ modelId: result.id }, { replace: true });
      void client.invalidateQueries({ queryKey: flowKeys.model(result.id) });
      message.success(t('flow.designer.saved', { version: result.version }));
      return result;
    } catch {
      return undefined;
    } finally {
      setBusy(undefined);
    }
  };

  const deploy = async () => {
    const all = await lint();
    const verdict = deployVerdict(all);
    if (verdict === 'blocked') {
      message.error(t('flow.designer.deployBlocked', { count: countBySeverity(all).errors }));
      return;
    }
    if (verdict === 'confirm') {
      const go = await modal.confirm({
        title: t('flow.designer.warningsTitle'),
        content: t('flow.designer.warningsConfirm', { count: all.length }),
        okButtonProps: { 'data-testid': 'deploy-anyway' } as ButtonProps,
      });
      if (!go) return;
    }
    const saved = dirty || !loaded.modelId ? await save() : { id: loaded.modelId, version: loaded.version ?? 1 };
    if (!saved) return;
    setBusy('deploy');
    try {
      const row = await deployModel.mutateAsync({ id: saved.id, ...(categoryId ? { categoryId } : {}) });
      message.success({ content: t('flow.designer.deployed', { key: row.key, version: row.version }), props: { 'data-testid': 'deployed-message' } as object });
    } catch {
      // the client showed the server's message; its problems (if any) are listed below
      void lint();
    } finally {
      setBusy(undefined);
    }
  };

  const select = (f: Finding) => {
    const el = handle?.get('elementRegistry').get(f.elementId);
    if (!el || !handle) return;
    handle.get('selection').select(el);
    if (el !== handle.get('canvas').getRootElement()) handle.get('canvas').scrollToElement(el);
  };

  const newFrom = (template: DiagramTemplate | string) => {
    if (!handle) return;
    const start = () => {
      const sample = sampleDiagrams.find((s) => s.key === template);
      void open(handle, sample ? sample.xml : newDiagramXml(template as DiagramTemplate, templateNames()), { source: sample ? 'file' : 'new' });
      if (modelId || definitionId) setSearch({}, { replace: true });
    };
    if (!dirty) return start();
    modal.confirm({ title: t('flow.designer.discardTitle'), content: t('flow.designer.discardConfirm'), onOk: start });
  };

  const importFile = async (file: File) => {
    if (!handle) return;
    await open(handle, await file.text(), { source: 'file' });
    if (modelId || definitionId) setSearch({}, { replace: true });
  };

  const exportXml = async () => saveFile({ blob: new Blob([await xmlOf()], { type: 'application/xml' }), filename: `${processKey || 'process'}.bpmn` });
  const exportSvg = async () => {
    const { svg } = await handle!.modeler.saveSVG();
    saveFile({ blob: new Blob([svg], { type: 'image/svg+xml' }), filename: `${processKey || 'process'}.svg` });
  };
  const zoom = (factor: number) => {
    const canvas = handle?.get('canvas');
    if (canvas) canvas.zoom(canvas.zoom() * factor);
  };

  const stack = handle?.get('commandStack');
  const counts = findings ? countBySeverity(findings) : undefined;
  const canSave = has(FLOW_BUTTONS.modelSave);
  const canDeploy = has(FLOW_BUTTONS.deploy);

  return (
    <Card
      className="flow-designer"
      title={
        <Space wrap>
          <Typography.Text strong>{t('flow.designer.title')}</Typography.Text>
          {loaded.modelId ? <Tag data-testid="designer-model-version">{t('flow.designer.modelVersion', { version: loaded.version })}</Tag> : <Tag>{t('flow.designer.unsaved')}</Tag>}
          {dirty && <Tag color="orange" data-testid="designer-dirty">{t('flow.designer.dirty')}</Tag>}
        </Space>
      }
      extra={<Link to={flowPaths.definitions}>{t('flow.menu.definitions')}</Link>}
    >
      <Space wrap style={{ marginBottom: 12 }} data-testid="designer-toolbar">
        <Dropdown
          menu={{
            items: [
              ...diagramTemplates.map((key) => ({ key, label: <span data-testid={`designer-template-${key}`}>{t(`flow.designer.template.${key}`)}</span> })),
              { type: 'divider' as const },
              ...sampleDiagrams.map((s) => ({ key: s.key, label: <span data-testid={`designer-sample-${s.key}`}>{t(`flow.designer.sample.${s.key}`)}</span> })),
            ],
            onClick: ({ key }) => newFrom(key),
          }}
        >
          <Button icon={<FileAddOutlined />} data-testid="designer-new">
            {t('flow.designer.new')}
          </Button>
        </Dropdown>
        <BpmnFileButton icon={<FolderOpenOutlined />} label={t('flow.designer.import')} testId="designer-import" onFile={(file) => void importFile(file)} />
        <Button icon={<DownloadOutlined />} onClick={() => void exportXml()} data-testid="designer-export-xml">
          XML
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void exportSvg()} data-testid="designer-export-svg">
          SVG
        </Button>
        <Divider orientation="vertical" />
        <Tooltip title={t('flow.designer.undo')}>
          <Button icon={<UndoOutlined />} disabled={!stack?.canUndo()} onClick={() => stack?.undo()} data-testid="designer-undo" aria-label={t('flow.designer.undo')} />
        </Tooltip>
        <Tooltip title={t('flow.designer.redo')}>
          <Button icon={<RedoOutlined />} disabled={!stack?.canRedo()} onClick={() => stack?.redo()} data-testid="designer-redo" aria-label={t('flow.designer.redo')} />
        </Tooltip>
        <Tooltip title={t('flow.designer.zoomIn')}>
          <Button icon={<ZoomInOutlined />} onClick={() => zoom(1.2)} data-testid="designer-zoom-in" aria-label={t('flow.designer.zoomIn')} />
        </Tooltip>
        <Tooltip title={t('flow.designer.zoomOut')}>
          <Button icon={<ZoomOutOutlined />} onClick={() => zoom(1 / 1.2)} data-testid="designer-zoom-out" aria-label={t('flow.designer.zoomOut')} />
        </Tooltip>
        <Tooltip title={t('flow.designer.fit')}>
          <Button icon={<CompressOutlined />} onClick={() => handle?.get('canvas').zoom('fit-viewport', 'auto')} data-testid="designer-fit" aria-label={t('flow.designer.fit')} />
        </Tooltip>
        <Divider orientation="vertical" />
        <Button icon={<SafetyCertificateOutlined />} loading={busy === 'lint'} onClick={() => void lint()} data-testid="designer-lint">
          {t('flow.designer.lint')}
        </Button>
        {canSave && (
          <Button icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => void save()} data-testid="designer-save">
            {t('flow.designer.save')}
          </Button>
        )}
        {canDeploy && (
          <Button type="primary" icon={<CloudUploadOutlined />} loading={busy === 'deploy'} onClick={() => void deploy()} data-testid="designer-deploy">
            {t('flow.designer.deploy')}
          </Button>
        )}
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('flow.fields.modelKey')}</span>
        <Input
          key={`key-${processKey}`}
          defaultValue={processKey}
          status={keyCheck.success ? undefined : 'error'}
          style={{ width: 220 }}
          data-testid="designer-key"
          onBlur={(e) => e.target.value.trim() !== processKey && processKeySchema.safeParse(e.target.value).success && setProcess({ id: e.target.value.trim() })}
        />
        <span>{t('flow.fields.name')}</span>
        <Input
          key={`name-${processName}`}
          defaultValue={processName}
          style={{ width: 260 }}
          data-testid="designer-name"
          onBlur={(e) => e.target.value.trim() !== processName && setProcess({ name: e.target.value.trim() })}
        />
        <span>{t('flow.fields.categoryId')}</span>
        <Select
          allowClear
          value={categoryId}
          style={{ width: 180 }}
          options={categories.data ?? []}
          onChange={(v?: string) => {
            setCategoryId(v);
            setDirty(true);
          }}
          data-testid="designer-category"
        />
        {!keyCheck.success && <Typography.Text type="danger">{t('flow.designer.keyInvalid')}</Typography.Text>}
      </Space>
      {importError && (
        <Typography.Paragraph type="danger" data-testid="designer-import-error">
          {importError}
        </Typography.Paragraph>
      )}
      <div className="flow-designer-body">
        <div className="flow-designer-canvas" ref={canvasRef} data-testid="designer-canvas" />
        <div className="flow-designer-properties" ref={panelRef} data-testid="designer-properties" />
      </div>
      <Card
        size="small"
        style={{ marginTop: 12 }}
        title={
          <Space>
            {t('flow.designer.findings')}
            {counts && (
              <>
                <Badge count={counts.errors} showZero color={counts.errors ? 'red' : 'green'} data-testid="findings-errors" />
                <Badge count={counts.warnings} showZero color="orange" data-testid="findings-warnings" />
              </>
            )}
          </Space>
        }
        data-testid="designer-findings"
      >
        {!findings ? (
          <Typography.Text type="secondary">{t('flow.designer.notLinted')}</Typography.Text>
        ) : findings.length === 0 ? (
          <Empty image={<CheckCircleOutlined style={{ fontSize: 32, color: '#52c41a' }} />} description={t('flow.designer.clean')} data-testid="findings-clean" />
        ) : (
          <List
            size="small"
            dataSource={findings}
            renderItem={(f, i) => (
              <List.Item key={`${f.elementId}-${f.rule}-${i}`} className="flow-finding" onClick={() => select(f)} data-testid={`finding-${f.elementId}`} data-severity={f.severity}>
                <Space>
                  <Tag color={f.severity === 'error' ? 'red' : 'orange'}>{t(`flow.designer.severity.${f.severity}`)}</Tag>
                  <Typography.Text strong>{f.elementLabel}</Typography.Text>
                  <span>{f.message}</span>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      <div style={{ marginTop: 8 }}>
        <Button type="link" onClick={() => navigate(flowPaths.reviewConfig)}>
          {t('flow.menu.reviewConfig')}
        </Button>
      </div>
    </Card>
  );
};
