import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TASK_STEP_NAMES, TASK_STEPS, taskStepPath, type TaskStep } from '@tpl/contracts';
import { canDocument } from '@tpl/workflows';
import type { ListExtraProps, ViewExtraProps } from '../../shared/context';
import { useDocumentLabels } from '../documents/labels';
import { useDocumentButtons } from '../documents/permissions';

const ICONS: Record<TaskStep, ReactNode> = { issue: <ExportOutlined />, receive: <ImportOutlined /> };

/** On a task's view: a button to each step's page the task is at now and the user may take (no id typed: the view's own). */
export const TaskStepLinks = ({ def, doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useDocumentButtons(def);
  const steps = TASK_STEP_NAMES.filter((s) => can(TASK_STEPS[s].action) && canDocument(def, doc.state, TASK_STEPS[s].event, doc.isReview));
  return (
    <>
      {steps.map((s) => (
        <Button key={s} icon={ICONS[s]} onClick={() => navigate(taskStepPath(s, doc.id))} data-testid={`step-link-${s}`}>
          {t('taskSteps.pageLink', { step: t(`taskSteps.${s}`) })}
        </Button>
      ))}
    </>
  );
};

/** On the task list: a button to each step's page for the one task ticked, when it is at that step. */
export const TaskStepListButtons = ({ def, selected }: ListExtraProps) => {
  const { t } = useTranslation();
  const labels = useDocumentLabels(def);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useDocumentButtons(def);
  const go = (s: TaskStep) => {
    const row = selected.length === 1 ? selected[0] : undefined;
    if (!row) {
      void message.warning(t('taskSteps.selectOne'));
      return;
    }
    const { action, event } = TASK_STEPS[s];
    if (!canDocument(def, row.state, event, row.isReview as 0 | 1 | 2)) {
      void message.warning(t('documents.notAllowedNow', { action: labels.action(action), title: labels.title, billNo: row.billNo, state: labels.state(row.state) }));
      return;
    }
    navigate(taskStepPath(s, row.id));
  };
  return (
    <>
      {TASK_STEP_NAMES.filter((s) => can(TASK_STEPS[s].action)).map((s) => (
        <Button key={s} icon={ICONS[s]} onClick={() => go(s)} data-testid={`list-step-${s}`}>
          {t(`taskSteps.${s}`)}
        </Button>
      ))}
    </>
  );
};
