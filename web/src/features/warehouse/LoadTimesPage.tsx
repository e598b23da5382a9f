import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loadbill, type KitDocument } from '@tpl/contracts';
import { ActionPanel, useActionForm } from '../documents/ActionForm';
import { DocumentHeading, DocumentScreen } from '../documents/DocumentScreen';
import { useDocumentLabels } from '../documents/labels';

/** The state whose loading times may be corrected (the description's EDIT_TIMES). */
const CORRECTABLE = 'Loaded';

/**
 * /loadHandle/loadbillTimeEdit/:id: the loading's start and end corrected (the load bill's
 * editTimes, recorded in its history), starting from the times recorded; the server refuses an
 * end before the start, a start before a bill on the load was picked, and a time in the future.
 */
export const LoadTimesPage = () => (
  <DocumentScreen def={loadbill} titleKey="warehouse.load.times">
    {(doc) => <LoadTimes key={`${doc.id}:${doc.version}`} doc={doc} />}
  </DocumentScreen>
);

const LoadTimes = ({ doc }: { doc: KitDocument }) => {
  const { t } = useTranslation();
  const labels = useDocumentLabels(loadbill);
  const navigate = useNavigate();
  const state = useActionForm(loadbill, doc, 'editTimes');
  const view = loadbill.routes.view.replace(':id', doc.id);
  const save = async () => {
    if ((await state.submit()) === 'done') navigate(view);
  };
  return (
    <Card size="small" style={{ maxWidth: 560 }} data-testid="load-times">
      <div style={{ marginBottom: 16 }}>
        <DocumentHeading def={loadbill} doc={doc} title={t('warehouse.load.times')} testId="load-times" />
      </div>
      <ActionPanel
        state={state}
        open={doc.state === CORRECTABLE}
        closed={t('warehouse.load.notNow', { state: labels.state(doc.state) })}
        onConfirm={() => void save()}
        back={t('warehouse.load.back')}
        onBack={() => navigate(view)}
        testId="load-times"
      />
    </Card>
  );
};
