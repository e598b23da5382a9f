// Declarations for bpmn-io packages that ship JavaScript only; the designer uses this much of them.
declare module 'bpmn-js-properties-panel' {
  export const BpmnPropertiesPanelModule: import('didi').ModuleDeclaration;
  export const BpmnPropertiesProviderModule: import('didi').ModuleDeclaration;
  export function useService(name: string, strict?: boolean): unknown;
}
declare module 'bpmn-js-bpmnlint' {
  const lintModule: import('didi').ModuleDeclaration;
  export default lintModule;
}
