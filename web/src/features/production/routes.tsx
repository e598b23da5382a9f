import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { GENEALOGY_PATH, TASK_STEPS } from '@tpl/contracts';
import { lazyPage } from '../../shared/lazyPage';
import type { PageHandle } from '../../shared/widgets/pageTitle';

// each page loads with its first visit (its own chunk)
const GenealogyPage = lazyPage(() => import('./GenealogyPage').then((m) => m.GenealogyPage));
const TaskStepPage = lazyPage(() => import('./TaskStepPage').then((m) => m.TaskStepPage));

const titled = (name: string, key: string) => ({ name, titleKey: key, title: (t: TFunction) => t(key) });
/** a step's page of one task: its tab "原料出库 · 编辑 · SC2026…" */
const step = (name: string, key: string): PageHandle & ReturnType<typeof titled> => ({ ...titled(name, key), page: { titleKey: key, mode: 'edit' } });

/**
 * Spec 01 /secondaryProcessing: the lot genealogy (batchForm) and the production task's issue
 * (secproductiveFormEditOut) and receipt (secproductiveFormEditIn) pages; the documents' other
 * screens are the kit's.
 */
export const productionRoutes: RouteObject[] = [
  { path: GENEALOGY_PATH, element: <GenealogyPage />, handle: titled('批次追溯', 'production.genealogy.title') },
  { path: TASK_STEPS.issue.path, element: <TaskStepPage key="issue" step="issue" />, handle: step('原料出库', 'taskSteps.issue') },
  { path: TASK_STEPS.receive.path, element: <TaskStepPage key="receive" step="receive" />, handle: step('成品入库', 'taskSteps.receive') },
];
