import { Tag } from 'antd';
import type { DocumentDef } from '@tpl/contracts';
import { useDocumentLabels } from './labels';

/** States on their way (tone processing) each get a colour of their own, in lifecycle order, so neighbours differ at a glance. */
const PROCESSING = ['orange', 'blue', 'cyan', 'geekblue', 'purple', 'magenta', 'gold', 'lime'];
const TONES = { default: 'default', success: 'green', warning: 'purple', error: 'red' } as const;

export const stateColour = (def: DocumentDef, state: string): string => {
  const s = def.lifecycle.states[state];
  const tone = s?.tone ?? 'default';
  if (tone !== 'processing') return TONES[tone];
  const processing = Object.entries(def.lifecycle.states).filter(([, d]) => d.tone === 'processing').map(([n]) => n);
  return PROCESSING[processing.indexOf(state) % PROCESSING.length] ?? 'blue';
};

export const StateTag = ({ def, state, testId }: { def: DocumentDef; state: string; testId?: string }) => {
  const { state: label } = useDocumentLabels(def);
  return (
    <Tag color={stateColour(def, state)} data-testid={testId} data-state={state}>
      {label(state)}
    </Tag>
  );
};
