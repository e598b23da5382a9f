import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loadbill, type KitDocument } from '@tpl/contracts';
import { ProblemsAlert } from '../../shared/ProblemsAlert';
import { usePageSubject } from '../../shared/widgets/pageTitle';
import { ActionFields, useActionForm } from '../documents/ActionForm';
import { useDocument } from '../documents/hooks';
import { useDocumentLabels } from '../documents/labels';
import { StateTag } from '../documents/StateTag';

/** The state whose loading times may be corrected (the description's EDIT_TIMES). */
const CORRECTABLE = 'Loaded';

/**
 * /loadHandle/loadbillTimeEdit/:id: the loading's start and end corrected (the load bill's
 * editTimes, recorded in its history), starting from the times recorded; the server refuses an
 * end before the start, a start before a bill on the load was picked, and a time in the future.
 */
export const LoadTimesPage = () => {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const load = useDocument(loadbill, id);
  const { pathname } = useLocation();
  usePageSubject(pathname, load.data?.billNo);
  if (!id) return <Result status="info" subTitle={t('warehouse.load.times')} />;
  if (load.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!load.data) return <Result status="warning" subTitle={load.error?.message} />;
  return <LoadTimes key={`${load.data.id}:${load.data.version}`} doc={load.data} />;
};

const LoadTimes = ({ doc }: { doc: KitDocument }) => {
  const { t } = useTranslation();
  const labels = useDocumentLabels(loadbill);
  const navigate = useNavigate();
  const state = useActionForm(loadbill, doc, 'editTimes');
  const open = doc.state === CORRECTABLE;
  const view = loadbill.routes.view.replace(':id', doc.id);
  const save = async () => {
    if ((await state.submit()) === 'done') navigate(view);
  };
  return (
    <Card size="small" style={{ maxWidth: 560 }} data-testid="load-times">
      <Space wrap align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('warehouse.load.times')}
        </Typography.Title>
        <Typography.Text strong>{doc.billNo}</Typography.Text>
        <StateTag def={loadbill} state={doc.state} />
      </Space>
      {open ? (
        <>
          <ProblemsAlert problems={state.problems} testId="load-times-error" style={{ marginBottom: 12 }} />
          <ActionFields state={state} onEnter={() => void save()} />
        </>
      ) : (
        <Alert type="info" showIcon data-testid="load-times-closed" title={t('warehouse.load.notNow', { state: labels.state(doc.state) })} style={{ marginBottom: 12 }} />
      )}
      <Space>
        {open && (
          <Button type="primary" loading={state.pending} onClick={() => void save()} data-testid="load-times-save">
            {labels.action('editTimes')}
          </Button>
        )}
        <Button onClick={() => navigate(view)} data-testid="load-times-back">
          {t('warehouse.load.back')}
        </Button>
      </Space>
    </Card>
  );
};
