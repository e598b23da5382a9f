import type { AnyStateMachine } from 'xstate';

export type LifecycleEdge = { from: string; to: string; event: string };
export type LifecycleGraph = { initial: string; states: { id: string; final: boolean }[]; edges: LifecycleEdge[] };

/**
 * Reads states and transitions out of a machine definition, so the console draws the
 * lifecycle graph from the same machine that enforces it.
 */
export const lifecycleGraph = (machine: AnyStateMachine): LifecycleGraph => {
  const root = machine.root;
  const states = Object.values(root.states).map((node) => ({ id: node.key, final: node.type === 'final' }));
  const edges: LifecycleEdge[] = [];
  for (const node of Object.values(root.states)) {
    for (const [event, transitions] of node.transitions) {
      for (const t of transitions) {
        const target = t.target?.[0]?.key ?? node.key;
        edges.push({ from: node.key, to: target, event });
      }
    }
  }
  return { initial: String(machine.config.initial), states, edges };
};
