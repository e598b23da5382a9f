import { Card, Empty, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { documentPath, pendingStepRows, secproductive, TASK_STEPS, type FieldDef, type KitDocument, type TaskStep } from '@tpl/contracts';
import { canDocument } from '@tpl/workflows';
import { FieldValue } from '../../shared/widgets/FieldValue';
import { ActionPanel, useActionForm } from '../documents/ActionForm';
import { DocumentSummary } from '../documents/DocumentSummary';
import { DocumentHeading, DocumentScreen } from '../documents/DocumentScreen';
import { useDocumentLabels } from '../documents/labels';
import { useDocumentButtons } from '../documents/permissions';

const def = secproductive;

/**
 * A production task's floor step on a page of its own (spec 01 secproductiveFormEditOut: issue the
 * raw-material lots; secproductiveFormEditIn: receive the finished goods): the task's header, the
 * rows still pending for the step, and the step's form — the description's own action, the same
 * inputs as the view's dialog (the kit's ActionPanel). Done, it goes back to the task's view.
 */
export const TaskStepPage = ({ step }: { step: TaskStep }) => (
  <DocumentScreen def={def} titleKey={`taskSteps.${step}`}>
    {(doc) => <StepForm key={`${doc.id}:${doc.version}`} step={step} doc={doc} />}
  </DocumentScreen>
);

const StepForm = ({ step, doc }: { step: TaskStep; doc: KitDocument }) => {
  const { t } = useTranslation();
  const labels = useDocumentLabels(def);
  const navigate = useNavigate();
  const can = useDocumentButtons(def);
  const { action, event, rows } = TASK_STEPS[step];
  const state = useActionForm(def, doc, action);
  const viewPath = documentPath(def, 'view', doc.id);
  const pending = pendingStepRows(step, doc);
  // the lots are the task's lines; the finished goods a rows field of its header
  const rowsField = (rows === 'details' ? { kind: 'rows', label: def.lines!.label, fields: def.lines!.fields } : def.header.products) as FieldDef;
  const open = can(action) && canDocument(def, doc.state, event, doc.isReview) && pending.length > 0;

  const confirm = async () => {
    if ((await state.submit()) === 'done') navigate(viewPath);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="task-step-page" data-step={step}>
      <Card size="small">
        <DocumentHeading def={def} doc={doc} title={t(`taskSteps.${step}`)} testId="task-step" />
        <div style={{ marginTop: 12 }}>
          <DocumentSummary def={def} id={doc.id} />
        </div>
      </Card>
      <Card size="small" title={t(`taskSteps.pending.${step}`)} data-testid="task-step-pending" data-rows={pending.length}>
        {pending.length ? <FieldValue def={def} name={rows} field={rowsField} value={pending} /> : <Empty description={t('taskSteps.nothingPending')} />}
      </Card>
      <Card size="small">
        <ActionPanel
          state={state}
          open={open}
          closed={t('taskSteps.notNow', { state: labels.state(doc.state), action: labels.action(action) })}
          onConfirm={() => void confirm()}
          back={t('taskSteps.back')}
          onBack={() => navigate(viewPath)}
          testId="task-step"
        />
      </Card>
    </Space>
  );
};
