import { lazy, Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { lazyPage as lazyRoute } from '../../shared/lazyPage';
import { pagePaths } from '../../pagePaths';
import { loadPageChunk } from '../../shell/chunkLoad';

// each page loads with its first visit (its own chunk)
const ConnectionCheckPage = lazyRoute(() => import('./ConnectionCheckPage').then((m) => m.ConnectionCheckPage));
const ForbiddenPage = lazyRoute(() => import('../../shared/widgets/ErrorPages').then((m) => m.ForbiddenPage));
const NotFoundPage = lazyRoute(() => import('../../shared/widgets/ErrorPages').then((m) => m.NotFoundPage));
const ServerErrorPage = lazyRoute(() => import('../../shared/widgets/ErrorPages').then((m) => m.ServerErrorPage));
const HomePage = lazyRoute(() => import('./HomePage').then((m) => m.HomePage));
const IframePage = lazyRoute(() => import('./IframePage').then((m) => m.IframePage));
const InfoPage = lazyRoute(() => import('./InfoPage').then((m) => m.InfoPage));
const ToolPage = lazyRoute(() => import('./ToolPage').then((m) => m.ToolPage));
const TokenCheckPage = lazyRoute(() => import('./TokenCheckPage').then((m) => m.TokenCheckPage));

// ECharts loads only with the dashboard (its own chunk)
const DashboardPage = lazy(() => loadPageChunk(() => import('./DashboardPage')).then((m) => ({ default: m.DashboardPage })));
const lazyPage = (page: ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{page}</Suspense>;

/** The page's name (a Chinese label, as spec 01 names routes) and its title in the user's language, read by the shell's tabs. */
const titled = (name: string, key: string) => ({ name, titleKey: key, title: (t: TFunction) => t(key) });

/** Tab pages of the signed-in layout (spec 01 section 2): home, dashboard, test page, personal information, external pages, the tool routes. */
export const shellPageRoutes: RouteObject[] = [
  { path: pagePaths.home, element: <HomePage />, handle: titled('首页', 'pages.names.home') },
  { path: pagePaths.dashboard, element: lazyPage(<DashboardPage />), handle: titled('控制台', 'pages.names.dashboard') },
  { path: pagePaths.test, element: <ConnectionCheckPage />, handle: titled('测试页', 'pages.names.test') },
  { path: pagePaths.info, element: <InfoPage />, handle: titled('个人信息', 'pages.names.info') },
  { path: '/myiframe/*', element: <IframePage />, handle: titled('外部页面', 'pages.names.iframe') },
  // spec 01's tool routes: each says what it holds until the form designer comes (a later issue)
  { path: pagePaths.formBuild, element: <ToolPage tool="formBuild" />, handle: titled('表单设计器', 'pages.names.formBuild') },
  { path: pagePaths.pageColumn, element: <ToolPage tool="pageColumn" />, handle: titled('页面列配置', 'pages.names.pageColumn') },
  { path: pagePaths.testFun, element: <ToolPage tool="testFun" />, handle: titled('功能测试', 'pages.names.testFun') },
];

/** Pages outside the layout, not tab pages: the token check at `/` and the error pages. */
export const standalonePageRoutes: RouteObject[] = [
  { path: pagePaths.tokenCheck, element: <TokenCheckPage />, handle: titled('验证登录', 'pages.tokenCheck.checking') },
  { path: pagePaths.forbidden, element: <ForbiddenPage />, handle: titled('403', 'pages.names.forbidden') },
  { path: pagePaths.notFound, element: <NotFoundPage />, handle: titled('404', 'pages.names.notFound') },
  { path: pagePaths.serverError, element: <ServerErrorPage />, handle: titled('500', 'pages.names.serverError') },
];
