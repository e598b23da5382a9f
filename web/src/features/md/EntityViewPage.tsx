import { useEntityButtons } from './permissions';
import { useState } from 'react';
import { ArrowLeftOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Space, Spin, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorCodes, type EntityDef } from '@tpl/contracts';
import { ApiError } from '../../api/client';
import { paths } from '../../paths';
import { formatDateTime } from '../../shared/format';
import { FieldValue } from '../../shared/widgets/FieldValue';
import { fieldWidget } from './fieldWidgets';
import { HistoryDrawer } from './HistoryDrawer';
import { useEntityDetail } from '../../shared/widgets/hooks';
import { useEntityLabels } from '../../shared/widgets/labels';
import { recordSubject } from '../../shared/widgets/listQuery';
import { usePageSubject } from '../../shared/widgets/pageTitle';

const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 };

/** /md/:entity/:id — every field of the record (references with their names, rows as a table) and who changed it when. */
export const EntityViewPage = ({ def }: { def: EntityDef }) => {
  const { id } = useParams();
  const { t, title, field: label } = useEntityLabels(def);
  const navigate = useNavigate();
  const can = useEntityButtons(def);
  const detail = useEntityDetail(def, id);
  const [historyOpen, setHistoryOpen] = useState(false);
  // the tab names the record: "角色 · 查看 · dispatcher"
  const { pathname } = useLocation();
  usePageSubject(pathname, detail.data ? recordSubject(def, detail.data) : undefined);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.mdList(def.name))} data-testid="md-back">
      {t('md.back')}
    </Button>
  );

  if (detail.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const record = detail.data;
  if (!record) {
    const notFound = detail.error instanceof ApiError && detail.error.code === ErrorCodes.notFound;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? '404' : undefined}
        subTitle={notFound ? t('md.notFound') : detail.error?.message}
        extra={back}
      />
    );
  }

  const fields = Object.entries(def.fields).filter(([key, f]) => f.kind !== 'rows' && f.kind !== 'password' && !fieldWidget(def.name, key));
  const rowsFields = Object.entries(def.fields).filter(([, f]) => f.kind === 'rows');
  const widgetFields = Object.keys(def.fields).flatMap((key) => {
    const Widget = fieldWidget(def.name, key);
    return Widget ? [[key, Widget] as const] : [];
  });

  const items: DescriptionsProps['items'] = fields.map(([key, f]) => ({
    key,
    label: label(key),
    children: (
      <span data-testid={`md-value-${key}`}>
        <FieldValue def={def} name={key} field={f} value={record[key]} record={record} />
      </span>
    ),
  }));
  if (!('remark' in def.fields)) items.push({
    key: 'remark',
    label: label('remark'),
    span: 'filled',
    children: <span data-testid="md-value-remark">{record.remark || t('common.empty')}</span>,
  });

  const common = (key: 'createUser' | 'createTime' | 'updateUser' | 'updateTime') => {
    const value = record[key];
    const text = key.endsWith('Time') ? formatDateTime(value ?? undefined) : (value ?? '');
    return { key, label: label(key), children: <span data-testid={`md-value-${key}`}>{text || t('common.empty')}</span> };
  };
  const audit: DescriptionsProps['items'] = [
    common('createUser'),
    common('createTime'),
    common('updateUser'),
    common('updateTime'),
    { key: 'version', label: label('version'), children: <span data-testid="md-value-version">{record.version}</span> },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="md-view-page">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap align="center">
            {back}
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="md-view-title">
              {t('md.pages.view', { title })} {recordSubject(def, record) ?? ''}
            </Typography.Title>
            <Tag>{t('md.events.version', { version: record.version })}</Tag>
          </Space>
          <Space>
            {can.edit && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(paths.mdEdit(def.name, record.id))} data-testid="md-view-edit">
                {t('md.edit')}
              </Button>
            )}
            <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-testid="md-view-history">
              {t('md.history')}
            </Button>
          </Space>
        </Flex>
      </Card>

      <Card size="small" title={t('md.sections.fields')}>
        <Descriptions bordered size="small" column={COLUMNS} items={items} />
      </Card>

      {widgetFields.map(([key, Widget]) => (
        <Card size="small" title={label(key)} key={key} data-testid={`md-value-${key}`}>
          <Widget value={record[key]} disabled />
        </Card>
      ))}

      {rowsFields.map(([key, f]) => (
        <Card size="small" title={label(key)} key={key}>
          <FieldValue def={def} name={key} field={f} value={record[key]} record={record} />
        </Card>
      ))}

      <Card size="small" title={t('md.sections.audit')}>
        <Descriptions bordered size="small" column={COLUMNS} items={audit} />
      </Card>

      <HistoryDrawer def={def} id={historyOpen ? record.id : undefined} subject={recordSubject(def, record) ?? title} onClose={() => setHistoryOpen(false)} />
    </Space>
  );
};
