export * from './consignment.machine';
export * from './machine-graph';
export * from './bpmn';
export * from './review.process-manager';
