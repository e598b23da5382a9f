import { lazy, Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { lazyPage as lazyRoute } from '../../shared/lazyPage';
import { loadPageChunk } from '../../shell/chunkLoad';
import { flowPaths, inboxTabs } from './paths';

// each page loads with its first visit (its own chunk)
const DefinitionsPage = lazyRoute(() => import('./definitions/DefinitionsPage').then((m) => m.DefinitionsPage));
const ReviewConfigPage = lazyRoute(() => import('./definitions/ReviewConfigPage').then((m) => m.ReviewConfigPage));
const LeaveDetailPage = lazyRoute(() => import('./leave/LeavePages').then((m) => m.LeaveDetailPage));
const LeaveFormPage = lazyRoute(() => import('./leave/LeavePages').then((m) => m.LeaveFormPage));
const LeaveHandlePage = lazyRoute(() => import('./leave/LeavePages').then((m) => m.LeaveHandlePage));
const WorkDetailPage = lazyRoute(() => import('./work/DetailPage').then((m) => m.WorkDetailPage));
const InboxPage = lazyRoute(() => import('./work/InboxPage').then((m) => m.InboxPage));
const StartPage = lazyRoute(() => import('./work/StartPage').then((m) => m.StartPage));

// the modeler (bpmn-js, its properties panel, bpmnlint) is loaded only when the designer opens
const DesignerPage = lazy(() => loadPageChunk(() => import('./designer/DesignerPage')).then((m) => ({ default: m.DesignerPage })));
const lazyPage = (page: ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{page}</Suspense>;

/** The page's name (a Chinese label, as spec 01 names routes) and its title in the user's language, read by the shell's tabs. */
const titled = (name: string, key: string) => ({ name, titleKey: key, title: (t: TFunction) => t(key) });

const tabNames: Record<(typeof inboxTabs)[number], string> = { todo: '我的待办', claim: '待签任务', done: '办结任务', send: '我的请求', copy: '我的抄送' };

/** The workflow screens (issue 6): one line in web/src/router.tsx adds them. */
export const flowRoutes: RouteObject[] = [
  { path: '/definition/designer', element: lazyPage(<DesignerPage />), handle: titled('流程设计', 'flow.menu.designer') },
  { path: flowPaths.definitions, element: <DefinitionsPage />, handle: titled('流程管理', 'flow.menu.definitions') },
  { path: flowPaths.reviewConfig, element: <ReviewConfigPage />, handle: titled('审批配置', 'flow.menu.reviewConfig') },
  { path: flowPaths.start, element: <StartPage />, handle: titled('发起流程', 'flow.menu.start') },
  ...inboxTabs.map((tab) => ({ path: flowPaths.inbox(tab), element: <InboxPage tab={tab} />, handle: titled(tabNames[tab], `flow.menu.${tab}`) })),
  { path: '/flowable/work/detail', element: <WorkDetailPage />, handle: titled('流程详情', 'flow.menu.detail') },
  { path: '/task/process/leave/form/:processDefinitionId', element: <LeaveFormPage />, handle: titled('请假申请', 'flow.menu.leaveForm') },
  { path: '/task/process/leave/handle/:taskId/:processInstanceId/:businessId', element: <LeaveHandlePage />, handle: titled('请假审批', 'flow.menu.leaveHandle') },
  { path: '/task/process/leave/detail/:processInstanceId/:businessId', element: <LeaveDetailPage />, handle: titled('请假详情', 'flow.menu.leaveDetail') },
];
