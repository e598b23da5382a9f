import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import { billingReportPath, type BillingReportPage } from '@tpl/contracts';
import { request } from '../../api/client';
import { EChart } from '../../shared/widgets/EChart';
import { byMonth, type MonthFigure } from './figures';

/**
 * The finance figures on the dashboard (issue 15): what the month bills of the last months
 * bill, what is due and what was received, from the cost-bill report within the caller's owner
 * scope (a cargo owner sees its own). Drawn with the dashboard's ECharts (its lazy chunk); the
 * figures are in a table beside the chart. Nothing shows when there is no bill.
 */
export const BillingDashboardCard = () => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['billingReport', 'dashboard'],
    queryFn: ({ signal }) => request<BillingReportPage>('GET', billingReportPath('costbill', 'list'), { query: { size: 50, sort: 'month', order: 'desc' }, signal }),
  });
  const months = useMemo(() => byMonth(data?.records ?? []), [data]);
  const field = (k: string) => t(`billingReport.fields.${k}`);
  const option = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 64, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: { type: 'value' },
      series: [
        { name: field('totalCost'), type: 'bar', data: months.map((m) => m.totalCost) },
        { name: field('amountDue'), type: 'bar', data: months.map((m) => m.amountDue) },
        { name: field('paidAmount'), type: 'line', data: months.map((m) => m.paidAmount) },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [months, t],
  );
  if (!months.length) return null;
  return (
    <Card title={t('billingReport.titles.costbill')} data-testid="dashboard-billing">
      <EChart option={option} height={260} testId="chart-billing" />
      <Table
        size="small"
        rowKey="month"
        pagination={false}
        dataSource={[...months].reverse()}
        data-testid="table-billing"
        columns={[
          { title: field('month'), dataIndex: 'month' },
          ...(['totalCost', 'amountDue', 'paidAmount'] as const).map((k) => ({
            title: field(k),
            dataIndex: k,
            align: 'right' as const,
            render: (n: number, r: MonthFigure) => <span data-testid={`billing-${r.month}-${k}`}>{n.toFixed(2)}</span>,
          })),
        ]}
      />
    </Card>
  );
};
