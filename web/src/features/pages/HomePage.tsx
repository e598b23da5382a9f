import { useMemo } from 'react';
import { Avatar, Button, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { AppstoreOutlined, AuditOutlined, DashboardOutlined, InboxOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { consignmentDocument } from '@tpl/contracts';
import { useSession } from '../../auth/session';
import { todayInDisplayZone } from '../../shared/format';
import { pagesApi, pagesKeys, type MenuNode } from './api';
import { pagePaths } from '../../pagePaths';

/** The menu's leaves with a console path: what the user may open, as shortcuts. */
const leaves = (nodes: readonly MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : n.path ? [n] : []));

/**
 * /wel/index, the first page and the fixed home tab: who and where the user is, their
 * approval work, the consignment orders waiting for action (within their data scope) and
 * shortcuts to the menu entries they hold. Every figure comes from the server.
 */
export const HomePage = () => {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const info = useQuery({ queryKey: pagesKeys.userInfo(), queryFn: pagesApi.userInfo });
  const figures = useQuery({ queryKey: pagesKeys.home(), queryFn: pagesApi.home });
  const menus = useQuery({ queryKey: pagesKeys.menus(), queryFn: pagesApi.menuRoutes });
  const shortcuts = useMemo(() => leaves(menus.data ?? []).slice(0, 16), [menus.data]);
  const label = (n: MenuNode) => (n.meta?.i18n && i18n.exists(n.meta.i18n) ? t(n.meta.i18n) : n.name);
  const waiting = (figures.data?.needingAction ?? []).filter((s) => s.count > 0);

  const name = info.data?.userName ?? session?.token.userName ?? '';
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="home-page">
      <Card>
        <Space size="large" align="center">
          <Avatar size={56} src={info.data?.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="home-greeting">
              {t('pages.home.greeting', { name })}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="home-tenant">
              {info.data ? t('pages.home.tenant', { tenant: info.data.tenantName, tenantId: info.data.tenantId }) : '\u00a0'}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('pages.home.today', { date: todayInDisplayZone() })}</Typography.Text>
          </div>
        </Space>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={<Space><AuditOutlined />{t('pages.home.tasks')}</Space>} style={{ height: '100%' }}>
            {figures.isLoading ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : (
              <Row gutter={16}>
                <Col span={12}>
                  <Link to="/flowable/work/todo" data-testid="home-todo-link">
                    <Statistic title={t('pages.home.todo')} value={figures.data?.approvals.todo ?? 0} valueRender={(v) => <span data-testid="home-todo">{v}</span>} />
                  </Link>
                </Col>
                <Col span={12}>
                  <Link to="/flowable/work/claim" data-testid="home-claim-link">
                    <Statistic title={t('pages.home.claimable')} value={figures.data?.approvals.claimable ?? 0} valueRender={(v) => <span data-testid="home-claimable">{v}</span>} />
                  </Link>
                </Col>
              </Row>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            title={<Space><InboxOutlined />{t('pages.home.consignments')}</Space>}
            extra={<Link to={pagePaths.dashboard}><DashboardOutlined /> {t('pages.home.dashboard')}</Link>}
            style={{ height: '100%' }}
          >
            <Typography.Paragraph type="secondary">{t('pages.home.consignmentsHint')}</Typography.Paragraph>
            {figures.isLoading ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : waiting.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.home.noneWaiting')} />
            ) : (
              <Space wrap size="middle" data-testid="home-waiting">
                {waiting.map((s) => (
                  <Link key={s.state} to={`${consignmentDocument.routes.list}?state=${s.state}`} data-testid={`home-waiting-${s.state}`}>
                    <Tag color="processing" style={{ fontSize: 14, padding: '4px 10px' }}>
                      {t(`consignment.states.${s.state}`)} <b data-testid={`home-waiting-${s.state}-count`}>{s.count}</b>
                    </Tag>
                  </Link>
                ))}
              </Space>
            )}
          </Card>
        </Col>
      </Row>

      <Card title={<Space><AppstoreOutlined />{t('pages.home.shortcuts')}</Space>}>
        {menus.isLoading ? (
          <Skeleton active />
        ) : shortcuts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.home.noShortcuts')} />
        ) : (
          <List
            grid={{ gutter: 12, xs: 2, sm: 3, md: 4, lg: 6 }}
            dataSource={shortcuts}
            data-testid="home-shortcuts"
            renderItem={(n) => (
              <List.Item>
                <Link to={/^https?:\/\//i.test(n.path ?? '') ? pagePaths.iframe(n.path!, label(n)) : n.path!}>
                  <Button block data-testid={`home-shortcut-${n.code ?? n.path}`}>
                    {label(n)}
                  </Button>
                </Link>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
};
