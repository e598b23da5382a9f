/**
 * The built-in sample processes, deployed for every tenant at seed. The .bpmn files
 * beside this one are the source (with diagram interchange, so the designer opens them
 * as drawn); the server reads them from disk, the console imports them with `?raw`.
 */
export type SampleProcess = {
  key: string;
  file: string;
  categoryCode: string;
  /** the document type the process reviews */
  documentType: string;
};

export const sampleProcesses: readonly SampleProcess[] = [
  { key: 'consignment_review', file: 'consignment-review.bpmn', categoryCode: 'review', documentType: 'consignment' },
  { key: 'leave', file: 'leave.bpmn', categoryCode: 'office', documentType: 'leave' },
];
