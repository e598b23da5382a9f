import { lazy, Suspense, type ComponentType, type JSX } from 'react';
import { Spin } from 'antd';
import { loadPageChunk } from '../shell/chunkLoad';

/**
 * A page (or layout) whose code loads when it is first shown: its own chunk, with the
 * libraries only it uses, so the sign-in page loads none of the console's pages. The
 * component takes the same props as the page; a spinner shows while its chunk arrives (within
 * spec 01's chunk load timeout; a failure is handled as shell/chunkLoad.ts decides).
 *
 *   const InboxPage = lazyPage(() => import('./work/InboxPage').then((m) => m.InboxPage));
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>): ((props: P) => JSX.Element) => {
  const Page = lazy(async () => ({ default: await loadPageChunk(load) }));
  const Lazy = (props: P) => (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <Page {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
  return Lazy;
};

/**
 * A part of a page (a context's card on the dashboard, its button beside a document) whose code
 * loads when it is first shown, showing nothing meanwhile: a context's front door names its parts
 * without putting their libraries in the chunk every signed-in page loads.
 */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>): ((props: P) => JSX.Element) => {
  const Part = lazy(async () => ({ default: await loadPageChunk(load) }));
  const Lazy = (props: P) => (
    <Suspense fallback={null}>
      <Part {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
  return Lazy;
};
