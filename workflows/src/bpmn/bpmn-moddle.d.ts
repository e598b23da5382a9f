// bpmn-moddle 9 (the version bpmn-engine parses with) ships no types; only what we call is declared.
declare module 'bpmn-moddle' {
  type Warning = { message: string; element?: { id?: string } };
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: { $type: string }; warnings: Warning[] }>;
  }
}
