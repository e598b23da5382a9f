export * from './consignment.machine';
export * from './machine-graph';
export * from './bpmn';
