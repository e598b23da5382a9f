import consignmentReview from '../../../../../workflows/src/bpmn/samples/consignment-review.bpmn?raw';
import leave from '../../../../../workflows/src/bpmn/samples/leave.bpmn?raw';

/** The built-in sample processes (workflows/src/bpmn/samples), offered as starting points in "New". */
export const sampleDiagrams: readonly { key: string; xml: string }[] = [
  { key: 'consignment_review', xml: consignmentReview },
  { key: 'leave', xml: leave },
];
