import { Tag } from 'antd';
import type { ConsignmentState } from '@tpl/contracts';
import { useConsignmentLabels } from './labels';

const stateColours: Record<ConsignmentState, string> = {
  Draft: 'default',
  InReview: 'orange',
  Audited: 'blue',
  Dispatched: 'cyan',
  Loaded: 'geekblue',
  Arrived: 'purple',
  Signed: 'green',
  Cancelled: 'red',
};

export const StateTag = ({ state, testId }: { state: ConsignmentState; testId?: string }) => {
  const labels = useConsignmentLabels();
  return (
    <Tag color={stateColours[state]} data-testid={testId} data-state={state}>
      {labels.state(state)}
    </Tag>
  );
};
