import { Alert, App, Button, Card, Result, Space, Spin, Steps, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { appointment, documentPath, entityByName, type EntityDef } from '@tpl/contracts';
import { useDocument, useDocumentAction } from '../documents/hooks';
import { useDocumentLabels } from '../documents/labels';
import { useDocumentButtons } from '../documents/permissions';
import { useEntityList } from '../../shared/widgets/hooks';

const noticeDef = entityByName('visitornotice') as EntityDef;
const TEXT_OF = { zh: 'contentZh', en: 'contentEn', mo: 'contentMo' } as const;

/** The notice of a type in force (its valid record with the greatest code), in the reader's language; undefined while read or when none is set. */
const useNotice = (noticeType: 'SAFETY' | 'FACTORY') => {
  const { i18n } = useTranslation();
  const list = useEntityList(noticeDef, { noticeType, invalid: '0', sort: 'code', order: 'desc', size: 10 });
  const first = list.data?.records[0];
  const lang = (i18n.language in TEXT_OF ? i18n.language : 'zh') as keyof typeof TEXT_OF;
  return { pending: list.isPending, text: first ? String(first[TEXT_OF[lang]] ?? '') : undefined };
};

const NoticeCard = ({ title, noticeType, read, testId }: { title: string; noticeType: 'SAFETY' | 'FACTORY'; read: boolean; testId: string }) => {
  const { t } = useTranslation();
  const notice = useNotice(noticeType);
  return (
    <Card title={title} extra={read ? <Typography.Text type="success">{t('gate.read.done')}</Typography.Text> : null} data-testid={testId} style={{ marginBottom: 16 }}>
      {notice.pending ? (
        <Spin />
      ) : notice.text === undefined ? (
        <Alert type="warning" showIcon title={t('gate.read.notSet')} />
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 16, marginBottom: 0 }} data-testid={`${testId}-text`}>
          {notice.text}
        </Typography.Paragraph>
      )}
    </Card>
  );
};

/**
 * The notices' reading screen (spec 01 appointmentCarRead, appointmentVisitRead) of one
 * registration (?id=): the safety notice, then the site rules, each in the reader's language and
 * accepted with its own button (the appointment records which notice was read, when); then the
 * booking is submitted. The flags are set here and nowhere else: the registration form has none.
 */
export const NoticeReadPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const { t, state: stateLabel } = useDocumentLabels(appointment);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const can = useDocumentButtons(appointment);
  const detail = useDocument(appointment, id);
  const act = useDocumentAction(appointment);

  if (!id) return <Result status="info" subTitle={t('gate.read.noAppointment')} />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const doc = detail.data;
  if (!doc) return <Result status="warning" subTitle={detail.error?.message} />;
  const view = documentPath(appointment, 'view', doc.id);
  const back = (
    <Button size="large" onClick={() => navigate(view)} data-testid="notices-back">
      {t('gate.read.back')}
    </Button>
  );
  const step = ({ Draft: 0, SafetyRead: 1, NoticesRead: 2 } as Record<string, number>)[doc.state];
  if (step === undefined) return <Result status="info" subTitle={t('gate.read.closed', { billNo: doc.billNo, state: stateLabel(doc.state) })} extra={back} />;

  const run = async (action: 'readSafety' | 'readFactory' | 'book') => {
    try {
      await act.mutateAsync({ action, body: { id: doc.id, version: doc.version } });
      if (action === 'book') {
        void message.success(t('gate.read.submitted'));
        navigate(view);
      }
    } catch {
      // shown by the API client; a 409 has refetched the appointment
    }
  };
  const next = step === 0 ? 'readSafety' : step === 1 ? 'readFactory' : 'book';

  return (
    <div style={{ maxWidth: 880 }} data-testid="notices-page" data-state={doc.state}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {doc.billNo} · {String(doc.visitName ?? '')}
      </Typography.Title>
      <Steps
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('gate.read.safety') }, { title: t('gate.read.factory') }, { title: t('gate.read.submit') }]}
      />
      {step === 0 && <NoticeCard title={t('gate.read.safety')} noticeType="SAFETY" read={false} testId="notice-safety" />}
      {step >= 1 && <NoticeCard title={t('gate.read.factory')} noticeType="FACTORY" read={step >= 2} testId="notice-factory" />}
      <Space wrap>
        {can(next) && (
          <Button type="primary" size="large" loading={act.isPending} onClick={() => void run(next)} data-testid={`notices-${next}`}>
            {next === 'book' ? t('gate.read.submit') : t('gate.read.agree')}
          </Button>
        )}
        {back}
      </Space>
    </div>
  );
};
