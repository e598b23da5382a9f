export * from './machine-graph';
export * from './registration.machine';
export * from './bpmn';
export * from './review.process-manager';
export * from './documents/document.machine';
export * from './scan/scan.machine';
export * from './transport/order-follows-notes';
