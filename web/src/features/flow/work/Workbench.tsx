import type { ReactNode } from 'react';
import { Alert, Card, Col, Descriptions, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { formatDateTime } from '../../../shared/format';
import { useProcess, useTask } from '../hooks';
import { flowPaths } from '../paths';
import { ProcessDiagram } from '../shared/ProcessDiagram';
import { DecisionHistory } from './DecisionHistory';
import { DocumentSummary } from './DocumentSummary';
import { InstanceStateTag } from './InstanceStateTag';
import { TaskActions } from './TaskActions';

/**
 * One process instance as the approver and the auditor see it: what it is about (the
 * document), the task and what can be done with it, the diagram with the node waiting
 * now lit and the path taken, and every decision with its comment.
 * `summary` replaces the generic document summary (the leave sample passes its own); `starting`: the
 * instance was just asked for and may not exist yet (see useProcess).
 */
export const Workbench = ({ instanceId, taskId, summary, starting }: { instanceId?: string; taskId?: string; summary?: ReactNode; starting?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const process = useProcess(instanceId, { starting });
  // a task that is no longer the user's (done, or taken by someone else) leaves the page read only
  const task = useTask(taskId);

  if (!instanceId) return <Result status="404" title={t('flow.detail.noInstance')} />;
  if (process.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!process.data) {
    const code = process.error instanceof ApiError ? process.error.code : 0;
    return <Result status={code === 403 ? '403' : '404'} title={t('flow.detail.notFound')} subTitle={process.error?.message} />;
  }
  const { instance, xml, activeNodeIds, pathNodeIds, takenFlowIds, history, variables } = process.data;
  const openTask = task.data && task.data.status === 'open' ? task.data : undefined;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="workbench">
      <Card
        title={
          <Space wrap>
            <span data-testid="workbench-title">{instance.title}</span>
            <InstanceStateTag state={instance.state} />
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'process', label: t('flow.inbox.process'), children: `${instance.processName} v${instance.processVersion}` },
            { key: 'initiator', label: t('flow.inbox.initiator'), children: instance.initiatorName },
            { key: 'started', label: t('flow.inbox.started'), children: formatDateTime(instance.startTime) },
            { key: 'current', label: t('flow.inbox.currentNodes'), children: instance.currentNodes.join(', ') || '—' },
          ]}
        />
        {openTask && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            data-testid="task-banner"
            title={
              <Space wrap>
                <Typography.Text strong>{openTask.taskName}</Typography.Text>
                {openTask.assignee ? <Tag>{t('flow.detail.heldBy', { name: openTask.assigneeName ?? openTask.assignee })}</Tag> : <Tag color="gold">{t('flow.detail.unclaimed')}</Tag>}
                {openTask.escalated && <Tag color="red">{t('flow.inbox.escalated')}</Tag>}
              </Space>
            }
            action={
              <TaskActions
                task={openTask}
                onDone={(decision) => {
                  // after a decision the task is gone from the user's hands: back to the to-do list
                  if (decision !== 'claim' && decision !== 'copy') navigate(flowPaths.inbox('todo'));
                }}
              />
            }
          />
        )}
        {taskId && task.data && task.data.status !== 'open' && (
          <Alert style={{ marginTop: 12 }} type="success" showIcon title={t('flow.detail.taskClosed', { status: t(`enum.taskStatus.${task.data.status}`) })} />
        )}
      </Card>
      <Card title={t('flow.detail.document')} size="small">
        {summary ?? <DocumentSummary documentType={instance.documentType} businessKey={instance.businessKey} variables={variables} />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Card title={t('flow.detail.diagram')} size="small">
            <ProcessDiagram xml={xml} marks={{ activeNodeIds, pathNodeIds, takenFlowIds }} />
            <Space style={{ marginTop: 8 }}>
              <Tag color="orange">{t('flow.detail.legendActive')}</Tag>
              <Tag color="green">{t('flow.detail.legendDone')}</Tag>
            </Space>
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card title={t('flow.detail.history')} size="small">
            <DecisionHistory history={history} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
};
