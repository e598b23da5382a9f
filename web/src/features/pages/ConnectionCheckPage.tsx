import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { acceptLanguage, currentLanguage } from '../../i18n';
import { useSession } from '../../auth/session';
import { pagesApi } from './api';

type Status = 'checking' | 'ok' | 'warning' | 'failed';
type Check = { key: 'server' | 'token' | 'licence' | 'language' | 'browser'; status: Status; detail: string };
const COLORS: Record<Status, string> = { checking: 'processing', ok: 'success', warning: 'warning', failed: 'error' };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /test/index (spec 01 names a "test page"; decided: a connection check for support staff):
 * server and database reachable, the token accepted, the licence, the language the console
 * sends, the browser. Each line is a real call; "check again" repeats them.
 */
export const ConnectionCheckPage = () => {
  const { t } = useTranslation();
  const session = useSession();
  const initial = (): Check[] =>
    (['server', 'token', 'licence', 'language', 'browser'] as const).map((key) => ({ key, status: 'checking', detail: t('pages.test.checking') }));
  const [checks, setChecks] = useState<Check[]>(initial);
  const [running, setRunning] = useState(false);
  const put = (key: Check['key'], status: Status, detail: string) => setChecks((all) => all.map((c) => (c.key === key ? { key, status, detail } : c)));

  const run = useCallback(async () => {
    setRunning(true);
    setChecks(initial());
    const lang = currentLanguage();
    put('language', 'ok', t('pages.test.languageDetail', { label: t(`lang.${lang}`), header: acceptLanguage[lang] }));
    put('browser', 'ok', navigator.userAgent);
    const started = performance.now();
    await Promise.all([
      pagesApi
        .health()
        .then(() => put('server', 'ok', t('pages.test.serverUp', { ms: Math.round(performance.now() - started) })))
        .catch((e) => put('server', 'failed', message(e))),
      pagesApi
        .tokenCheck()
        .then((r) => put('token', 'ok', t('pages.test.tokenValid', { tenantId: r.tenantId, account: session?.token.account ?? r.userId })))
        .catch((e) => put('token', 'failed', message(e))),
      pagesApi
        .license()
        .then((l) => {
          if (l.status === 'valid') put('licence', 'ok', t('pages.test.licenceValid', { licensee: l.licensee, edition: l.edition, expires: l.expires }));
          else if (l.status === 'expired') put('licence', 'warning', t('pages.test.licenceExpired', { licensee: l.licensee, expires: l.expires }));
          else put('licence', 'warning', t('pages.test.licenceNone'));
        })
        .catch((e) => put('licence', 'failed', message(e))),
    ]);
    setRunning(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, session?.token.account]);

  useEffect(() => {
    void run();
  }, [run]);

  return (
    <Card
      title={t('pages.test.title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={running} onClick={() => void run()} data-testid="test-run">
          {t('pages.test.run')}
        </Button>
      }
      data-testid="test-page"
    >
      <Typography.Paragraph type="secondary">{t('pages.test.intro')}</Typography.Paragraph>
      <Table<Check>
        rowKey="key"
        pagination={false}
        dataSource={checks}
        columns={[
          { title: t('pages.test.item'), dataIndex: 'key', width: 160, render: (k: Check['key']) => t(`pages.test.${k}`) },
          {
            title: t('pages.test.result'),
            dataIndex: 'status',
            width: 120,
            render: (s: Status, c) => (
              <Tag color={COLORS[s]} data-testid={`test-${c.key}-status`} data-status={s}>
                {s === 'checking' ? t('pages.test.checking') : t(`pages.test.${s}`)}
              </Tag>
            ),
          },
          { title: t('pages.test.detail'), dataIndex: 'detail', render: (d: string, c) => <span data-testid={`test-${c.key}-detail`}>{d}</span> },
        ]}
      />
    </Card>
  );
};
