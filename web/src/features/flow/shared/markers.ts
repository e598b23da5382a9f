export type DiagramMarks = {
  /** waiting now: lit */
  activeNodeIds?: readonly string[];
  /** passed */
  pathNodeIds?: readonly string[];
  takenFlowIds?: readonly string[];
};

/** Which marker each element gets: the current node wins over "passed". */
export const markersFor = ({ activeNodeIds = [], pathNodeIds = [], takenFlowIds = [] }: DiagramMarks): [string, string][] => {
  const active = new Set(activeNodeIds);
  return [
    ...[...new Set(pathNodeIds)].filter((id) => !active.has(id)).map((id): [string, string] => [id, 'flow-done']),
    ...[...new Set(takenFlowIds)].map((id): [string, string] => [id, 'flow-taken']),
    ...[...active].map((id): [string, string] => [id, 'flow-active']),
  ];
};
