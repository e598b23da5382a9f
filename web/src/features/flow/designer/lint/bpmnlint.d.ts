// bpmnlint ships CommonJS rule modules without declarations; the designer only needs their shapes.
declare module 'bpmnlint/rules/*' {
  const rule: () => object;
  export default rule;
}
declare module 'bpmnlint/config/recommended' {
  const config: { rules: Record<string, string> };
  export default config;
}
declare module 'bpmnlint' {
  export class Linter {
    constructor(options: { config: unknown; resolver: unknown });
    lint(definitions: unknown): Promise<Record<string, { id?: string; message: string; category: string }[]>>;
  }
}
