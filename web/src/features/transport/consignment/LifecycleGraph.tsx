import { useMemo } from 'react';
import { Background, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Typography, theme } from 'antd';
import { consignmentStateSchema, type ConsignmentState } from '@tpl/contracts';
import { consignmentLifecycle, type LifecycleGraph as Graph } from '@tpl/workflows';
import { useConsignmentLabels } from './labels';

type StateNodeData = {
  label: string;
  current: boolean;
  /** the notes under the name: self-loop actions (edit, delete) or that the state is final */
  notes: string[];
  separator: string;
  hint: string | undefined;
  primary: string;
};
type StateNode = Node<StateNodeData, 'state'>;

const COLUMN = 190;
const ROW = 150;

/**
 * Lays the machine's states out: the longest path from the initial state runs left to right
 * (Draft → … → Signed); states off that path (Cancelled) go on a second row, under the
 * states that lead to them.
 */
const layout = (graph: Graph): Map<string, { x: number; y: number }> => {
  const onward = (from: string) => graph.edges.filter((e) => e.from === from && e.to !== from).map((e) => e.to);
  const longest = (at: string, seen: Set<string>): string[] => {
    const paths = onward(at)
      .filter((next) => !seen.has(next))
      .map((next) => longest(next, new Set([...seen, next])));
    return [at, ...(paths.sort((a, b) => b.length - a.length)[0] ?? [])];
  };
  const spine = longest(graph.initial, new Set([graph.initial]));
  const positions = new Map(spine.map((id, i) => [id, { x: i * COLUMN, y: 0 }]));
  graph.states
    .filter((s) => !positions.has(s.id))
    .forEach((s, i) => {
      const sources = graph.edges.filter((e) => e.to === s.id && positions.has(e.from)).map((e) => positions.get(e.from)?.x ?? 0);
      const x = sources.length ? sources.reduce((a, b) => a + b, 0) / sources.length : i * COLUMN;
      positions.set(s.id, { x, y: ROW * (1 + Math.floor(i / spine.length)) });
    });
  return positions;
};

const StateNodeView = ({ data, id }: NodeProps<StateNode>) => (
  <div
    className="lifecycle-node"
    data-testid={`lifecycle-node-${id}`}
    data-current={data.current ? 'true' : 'false'}
    title={data.hint}
    style={data.current ? { background: data.primary, borderColor: data.primary } : undefined}
  >
    <Handle type="target" position={Position.Left} id="left" />
    <Handle type="target" position={Position.Top} id="top" />
    <div>{data.label}</div>
    {data.notes.length > 0 && <div className="lifecycle-node-extra">{data.notes.join(data.separator)}</div>}
    <Handle type="source" position={Position.Right} id="right" />
    <Handle type="source" position={Position.Bottom} id="bottom" />
  </div>
);

const nodeTypes = { state: StateNodeView };

const isState = (id: string): id is ConsignmentState => consignmentStateSchema.safeParse(id).success;

/** The consignment lifecycle drawn from the XState machine itself, current state highlighted. */
export const LifecycleGraph = ({ current }: { current: ConsignmentState }) => {
  const { t, state: stateLabel } = useConsignmentLabels();
  const { token } = theme.useToken();

  const { nodes, edges } = useMemo(() => {
    const graph = consignmentLifecycle();
    const positions = layout(graph);
    const stateNodes: StateNode[] = graph.states.map((s) => ({
      id: s.id,
      type: 'state',
      position: positions.get(s.id) ?? { x: 0, y: 0 },
      data: {
        label: isState(s.id) ? stateLabel(s.id) : s.id,
        current: s.id === current,
        notes: s.final
          ? [t('consignment.lifecycle.final')]
          : graph.edges.filter((e) => e.from === s.id && e.to === s.id).map((e) => t(`consignment.actions.${e.event.toLowerCase()}`)),
        separator: t('common.listSeparator'),
        hint: s.id === current ? t('consignment.lifecycle.current') : undefined,
        primary: token.colorPrimary,
      },
    }));
    const transitions: Edge[] = graph.edges
      .filter((e) => e.from !== e.to) // self-loops (edit, remove) are listed inside their node
      .map((e) => {
        const down = (positions.get(e.to)?.y ?? 0) > (positions.get(e.from)?.y ?? 0);
        return {
          id: `${e.from}-${e.event}-${e.to}`,
          source: e.from,
          target: e.to,
          sourceHandle: down ? 'bottom' : 'right',
          targetHandle: down ? 'top' : 'left',
          type: 'smoothstep',
          label: t(`consignment.actions.${e.event.toLowerCase()}`),
          markerEnd: { type: MarkerType.ArrowClosed },
          animated: e.from === current,
        };
      });
    return { nodes: stateNodes, edges: transitions };
  }, [current, t, stateLabel, token.colorPrimary]);

  return (
    <div>
      <Typography.Paragraph type="secondary">{t('consignment.lifecycle.hint')}</Typography.Paragraph>
      <div className="lifecycle-graph" data-testid="lifecycle-graph">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
        >
          <Background />
        </ReactFlow>
      </div>
    </div>
  );
};
