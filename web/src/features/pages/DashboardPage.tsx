import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { consignmentDocument } from '@tpl/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { formatDateTime, formatNumber } from '../../shared/format';
import { pagesApi, pagesKeys } from './api';
import { EChart } from '../../shared/widgets/EChart';
import { contexts } from '../../contexts';

/** The cards the contexts add under the figures (billing's month bills). */
const cards = contexts.flatMap((c) => c.dashboardCards ?? []);

const PERIODS = [7, 14, 30] as const;

/**
 * /wel/dashboard: ECharts over GET /api/bl-report/dashboard (orders by state, created and signed
 * per business day, open totals, the user's approval work). Every chart has its figures in a
 * table beside it, so they can be read (and tested) without hovering.
 */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(14);
  const { data, isFetching, refetch, error } = useQuery({ queryKey: pagesKeys.dashboard(days), queryFn: () => pagesApi.dashboard(days) });
  const stateLabel = (s: string) => t(`consignment.states.${s}`);

  const stateOption = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          avoidLabelOverlap: true,
          data: (data?.consignments.byState ?? []).filter((s) => s.count > 0).map((s) => ({ name: stateLabel(s.state), value: s.count })),
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, t],
  );
  const dayOption = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: (data?.consignments.perDay ?? []).map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('pages.dashboard.created'), type: 'bar', data: (data?.consignments.perDay ?? []).map((d) => d.created) },
        { name: t('pages.dashboard.signed'), type: 'line', smooth: true, data: (data?.consignments.perDay ?? []).map((d) => d.signed) },
      ],
    }),
    [data, t],
  );
  const approvalKeys = ['todo', 'claimable', 'done', 'sent'] as const;
  const approvalOption = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: approvalKeys.map((k) => t(`pages.dashboard.${k}`)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', barMaxWidth: 48, data: approvalKeys.map((k) => data?.approvals[k] ?? 0) }],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, t],
  );

  const c = data?.consignments;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="dashboard-page">
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('pages.dashboard.title')}
            </Typography.Title>
            {data && (
              <Typography.Text type="secondary">
                {t('pages.dashboard.generatedAt', { time: formatDateTime(data.generatedAt), tz: data.timeZone })}
                {data.scoped && <Tag style={{ marginLeft: 8 }}>{t('pages.dashboard.scoped')}</Tag>}
              </Typography.Text>
            )}
          </div>
          <Space>
            <span>{t('pages.dashboard.days')}</span>
            <Segmented<number> value={days} onChange={setDays} options={PERIODS.map((d) => ({ value: d, label: String(d) }))} data-testid="dashboard-days" />
            <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
              {t('pages.dashboard.refresh')}
            </Button>
          </Space>
        </Space>
      </Card>
      {error && <Alert type="error" showIcon message={(error as Error).message} />}
      <Row gutter={[16, 16]}>
        {[
          ['total', c?.total, 'dashboard-total'],
          ['openOrders', c?.open.orders, 'dashboard-open-orders'],
          ['openQty', c?.open.qty, 'dashboard-open-qty'],
          ['openWeight', c?.open.weight, 'dashboard-open-weight'],
        ].map(([key, value, testId]) => (
          <Col key={String(key)} xs={12} lg={6}>
            <Card>
              <Statistic
                title={t(`pages.dashboard.${String(key)}`)}
                value={value === undefined ? '-' : formatNumber(Number(value))}
                valueRender={(v) => <span data-testid={String(testId)}>{v}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={t('pages.dashboard.byState')} style={{ height: '100%' }}>
            <EChart option={stateOption} height={280} testId="chart-by-state" />
            <Table
              size="small"
              pagination={false}
              rowKey="state"
              data-testid="table-by-state"
              dataSource={c?.byState ?? []}
              columns={[
                {
                  title: t('pages.dashboard.state'),
                  dataIndex: 'state',
                  render: (s: string) => <Link to={`${consignmentDocument.routes.list}?state=${s}`}>{stateLabel(s)}</Link>,
                },
                { title: t('pages.dashboard.count'), dataIndex: 'count', align: 'right', render: (n: number, r) => <span data-testid={`by-state-${r.state}`}>{n}</span> },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('pages.dashboard.perDay', { days })} style={{ height: '100%' }}>
            <EChart option={dayOption} height={280} testId="chart-per-day" />
            <Table
              size="small"
              rowKey="day"
              data-testid="table-per-day"
              pagination={false}
              scroll={{ y: 240 }}
              dataSource={[...(c?.perDay ?? [])].reverse()}
              columns={[
                { title: t('pages.dashboard.day'), dataIndex: 'day' },
                { title: t('pages.dashboard.created'), dataIndex: 'created', align: 'right', render: (n: number, r) => <span data-testid={`per-day-${r.day}-created`}>{n}</span> },
                { title: t('pages.dashboard.signed'), dataIndex: 'signed', align: 'right', render: (n: number, r) => <span data-testid={`per-day-${r.day}-signed`}>{n}</span> },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('pages.dashboard.approvals')}>
        <Row gutter={[16, 16]} align="middle">
          <Col xs={24} lg={14}>
            <EChart option={approvalOption} height={220} testId="chart-approvals" />
          </Col>
          <Col xs={24} lg={10}>
            <Row gutter={[16, 16]}>
              {approvalKeys.map((k) => (
                <Col span={12} key={k}>
                  <Statistic title={t(`pages.dashboard.${k}`)} value={data?.approvals[k] ?? '-'} valueRender={(v) => <span data-testid={`approvals-${k}`}>{v}</span>} />
                </Col>
              ))}
            </Row>
          </Col>
        </Row>
      </Card>
      {cards.map((Extra, i) => (
        <Extra key={i} />
      ))}
    </Space>
  );
};
