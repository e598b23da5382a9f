import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InstanceState } from '@tpl/contracts';

const colours: Record<InstanceState, string> = { running: 'processing', approved: 'green', rejected: 'red', cancelled: 'default' };

export const InstanceStateTag = ({ state }: { state: InstanceState }) => {
  const { t } = useTranslation();
  return (
    <Tag color={colours[state]} data-testid="instance-state" data-state={state}>
      {t(`enum.instanceState.${state}`)}
    </Tag>
  );
};
