import { useSearchParams } from 'react-router-dom';
import { Workbench } from './Workbench';

/**
 * /flowable/work/detail?taskId=&processInstanceId=&businessId=: one task (or instance) with its document, diagram
 * and decisions. `starting=1`: reached right after a submit, the instance may take a moment to exist.
 */
export const WorkDetailPage = () => {
  const [search] = useSearchParams();
  return <Workbench instanceId={search.get('processInstanceId') ?? undefined} taskId={search.get('taskId') ?? undefined} starting={search.get('starting') === '1'} />;
};
