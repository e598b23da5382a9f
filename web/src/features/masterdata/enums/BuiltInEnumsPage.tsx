import { useMemo, useState } from 'react';
import { Button, Card, Input, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sysenumRoutes as R, type BuiltInEnum } from '@tpl/contracts';
import { request } from '../../../api/client';
import { currentLanguage } from '../../../i18n';
import { paths } from '../../../paths';

const enumKeys = { builtIn: (lang: string) => ['masterdata', 'sysenum', 'builtin', lang] as const };
type Value = BuiltInEnum['items'][number];

/**
 * 内置枚举: the enumerations the entity and document descriptions define (a strategy's rule, a
 * document's stock type…), read only, each with its values in every language; beside the tenant's
 * own enumerations (系统枚举), which are records it keeps. docs/DOMAIN.md "The message catalogue".
 */
export const BuiltInEnumsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [search, setSearch] = useState('');
  const enums = useQuery({ queryKey: enumKeys.builtIn(lang), queryFn: ({ signal }) => request<BuiltInEnum[]>('GET', R.builtIn.path, { signal }) });
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    const all = enums.data ?? [];
    if (!s) return all;
    return all.filter((e) => e.code.toLowerCase().includes(s) || e.name.toLowerCase().includes(s) || e.items.some((v) => [v.value, v.zh, v.en, v.mo].some((x) => x.toLowerCase().includes(s))));
  }, [enums.data, search]);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="builtin-enums">
      <Card size="small">
        <Space wrap align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space orientation="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('sysenumBuiltin.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('sysenumBuiltin.intro')}</Typography.Text>
          </Space>
          <Space wrap>
            <Input.Search allowClear style={{ width: 260 }} placeholder={t('sysenumBuiltin.search')} onSearch={setSearch} onChange={(e) => !e.target.value && setSearch('')} data-testid="builtin-enums-search" />
            <Button onClick={() => navigate(paths.mdList('sysenum'))} data-testid="builtin-enums-own">
              {t('sysenumBuiltin.own')}
            </Button>
          </Space>
        </Space>
      </Card>
      <Card size="small">
        <Table<BuiltInEnum>
          size="small"
          rowKey="code"
          loading={enums.isPending}
          dataSource={shown}
          data-testid="builtin-enums-table"
          locale={{ emptyText: t('sysenumBuiltin.empty') }}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            // named in words (its document or record, then its field); its code (`<entity>.<field>`) is searchable, not shown
            { title: t('sysenumBuiltin.name'), key: 'name', render: (_, e) => <span data-testid={`builtin-enum-${e.code}`}>{e.name}</span> },
            { title: t('sysenumBuiltin.values'), key: 'values', render: (_, e) => e.items.map((v) => v[lang]).join(' / ') },
          ]}
          expandable={{
            expandedRowRender: (e) => (
              <Table<Value>
                size="small"
                rowKey="value"
                pagination={false}
                dataSource={e.items}
                data-testid={`builtin-enum-${e.code}-values`}
                columns={[
                  { title: t('sysenumBuiltin.zh'), dataIndex: 'zh' },
                  { title: t('sysenumBuiltin.en'), dataIndex: 'en' },
                  { title: t('sysenumBuiltin.mo'), dataIndex: 'mo' },
                  { title: t('sysenumBuiltin.value'), key: 'value', render: (_, v) => <Typography.Text type="secondary">{v.value}</Typography.Text> },
                ]}
              />
            ),
          }}
        />
      </Card>
    </Space>
  );
};
