import { useMemo } from 'react';
import dagre from '@dagrejs/dagre';
import {
  Background,
  BaseEdge,
  EdgeLabelRenderer,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Typography, theme } from 'antd';
import type { DocumentDef } from '@tpl/contracts';
import { documentLifecycle, type LifecycleGraph as Graph } from '@tpl/workflows';
import { useDocumentLabels } from './labels';

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

type Point = { x: number; y: number };
type RoutedEdgeData = { label: string; points: Point[]; labelAt: Point; labelWidth: number };
type RoutedEdge = Edge<RoutedEdgeData, 'routed'>;

const NODE_HEIGHT = 60;
const NODE_MIN_WIDTH = 110;
/** the node's horizontal padding and border (styles.css .lifecycle-node), both sides */
const NODE_CHROME = 2 * 14 + 2;
const LABEL_HEIGHT = 22;
const LABEL_CHROME = 2 * 6 + 2;
const NODE_FONT = '13px sans-serif';
const NOTE_FONT = '11px sans-serif';
const LABEL_FONT = '12px sans-serif';

/** A text's width in a font, measured by the browser (a canvas), so the layout makes room for every language. */
const measure = (() => {
  let context: CanvasRenderingContext2D | null | undefined;
  return (text: string, font: string): number => {
    if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (!context) return text.length * 13;
    context.font = font;
    // a margin for the font the page ends up with (it may be wider than the canvas's)
    return Math.ceil(context.measureText(text).width * 1.1) + 2;
  };
})();

/**
 * Lays the machine out with dagre, left to right by rank (Draft → … → Signed), each transition's
 * label a box of its own in the layout: dagre keeps labels off the states and off each other, and
 * routes each edge through its label.
 */
const layout = (graph: Graph, nodeWidth: (id: string) => number, label: (event: string) => string) => {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 48, ranksep: 56, edgesep: 24, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const s of graph.states) g.setNode(s.id, { width: nodeWidth(s.id), height: NODE_HEIGHT });
  const transitions = graph.edges.filter((e) => e.from !== e.to); // self-loops (edit, remove) are listed inside their node
  for (const e of transitions) {
    const text = label(e.event);
    g.setEdge(e.from, e.to, { width: measure(text, LABEL_FONT) + LABEL_CHROME, height: LABEL_HEIGHT, labelpos: 'c' }, e.event);
  }
  dagre.layout(g);
  const nodes = new Map(graph.states.map((s) => {
    const n = g.node(s.id);
    return [s.id, { x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height }] as const;
  }));
  const edges = transitions.map((e) => {
    const placed = g.edge(e.from, e.to, e.event) as { points: Point[]; x: number; y: number; width: number };
    return { ...e, text: label(e.event), points: placed.points, labelAt: { x: placed.x, y: placed.y }, labelWidth: placed.width };
  });
  return { nodes, edges };
};

/** An SVG path through dagre's points, its bends rounded (quadratic curves through the midpoints). */
const pathThrough = (points: Point[]): string => {
  if (points.length < 2) return '';
  const [first, ...rest] = points as [Point, ...Point[]];
  let d = `M ${first.x} ${first.y}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const p = rest[i]!;
    const next = rest[i + 1]!;
    d += ` Q ${p.x} ${p.y} ${(p.x + next.x) / 2} ${(p.y + next.y) / 2}`;
  }
  const last = rest[rest.length - 1]!;
  return `${d} L ${last.x} ${last.y}`;
};

const RoutedEdgeView = ({ id, data, markerEnd, style }: EdgeProps<RoutedEdge>) => {
  if (!data) return null;
  return (
    <>
      <BaseEdge id={id} path={pathThrough(data.points)} markerEnd={markerEnd} style={style} />
      <EdgeLabelRenderer>
        <div
          className="lifecycle-edge-label nodrag nopan"
          data-testid="lifecycle-edge-label"
          style={{ width: data.labelWidth, height: LABEL_HEIGHT, transform: `translate(-50%, -50%) translate(${data.labelAt.x}px, ${data.labelAt.y}px)` }}
        >
          {data.label}
        </div>
      </EdgeLabelRenderer>
    </>
  );
};

const StateNodeView = ({ data, id }: NodeProps<StateNode>) => (
  <div
    className="lifecycle-node"
    data-testid={`lifecycle-node-${id}`}
    data-current={data.current ? 'true' : 'false'}
    title={data.hint}
    style={data.current ? { background: data.primary, borderColor: data.primary } : undefined}
  >
    {/* React Flow wants handles to attach edges to; the routed edges draw dagre's own path */}
    <Handle type="target" position={Position.Left} />
    <div>{data.label}</div>
    {data.notes.length > 0 && <div className="lifecycle-node-extra">{data.notes.join(data.separator)}</div>}
    <Handle type="source" position={Position.Right} />
  </div>
);

const nodeTypes = { state: StateNodeView };
const edgeTypes = { routed: RoutedEdgeView };

/** A document type's lifecycle drawn from its XState machine (built from the description), current state highlighted. */
export const LifecycleGraph = ({ def, current }: { def: DocumentDef; current: string }) => {
  const { t, title, state: stateLabel, event: eventLabel } = useDocumentLabels(def);
  const { token } = theme.useToken();

  const { nodes, edges } = useMemo(() => {
    const graph = documentLifecycle(def);
    // every transition in the words of the buttons and the history (SUBMIT_REVIEW: 提交审批, REVIEW_APPROVED: 审批通过)
    const label = (event: string) => eventLabel(event);
    const nameOf = (id: string) => stateLabel(id);
    const notesOf = (id: string, final: boolean) =>
      final ? [t('documents.lifecycle.final')] : graph.edges.filter((e) => e.from === id && e.to === id).map((e) => label(e.event));
    const separator = t('common.listSeparator');
    const widthOf = (id: string) => {
      const s = graph.states.find((x) => x.id === id);
      const notes = notesOf(id, Boolean(s?.final)).join(separator);
      return Math.max(NODE_MIN_WIDTH, measure(nameOf(id), `600 ${NODE_FONT}`) + NODE_CHROME, measure(notes, NOTE_FONT) + NODE_CHROME);
    };
    const placed = layout(graph, widthOf, label);
    const stateNodes: StateNode[] = graph.states.map((s) => {
      const at = placed.nodes.get(s.id)!;
      return {
        id: s.id,
        type: 'state',
        position: { x: at.x, y: at.y },
        width: at.width,
        height: at.height,
        style: { width: at.width, height: at.height },
        data: {
          label: nameOf(s.id),
          current: s.id === current,
          notes: notesOf(s.id, s.final),
          separator,
          hint: s.id === current ? t('documents.lifecycle.current') : undefined,
          primary: token.colorPrimary,
        },
      };
    });
    const transitions: RoutedEdge[] = placed.edges.map((e) => ({
      id: `${e.from}-${e.event}-${e.to}`,
      source: e.from,
      target: e.to,
      type: 'routed',
      data: { label: e.text, points: e.points, labelAt: e.labelAt, labelWidth: e.labelWidth },
      markerEnd: { type: MarkerType.ArrowClosed },
      animated: e.from === current,
    }));
    return { nodes: stateNodes, edges: transitions };
  }, [def, current, t, stateLabel, eventLabel, token.colorPrimary]);

  return (
    <div>
      <Typography.Paragraph type="secondary">{t('documents.lifecycle.hint', { title })}</Typography.Paragraph>
      <div className="lifecycle-graph" data-testid="lifecycle-graph">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
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
