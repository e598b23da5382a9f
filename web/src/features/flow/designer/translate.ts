import { i18n } from '../../../i18n';

/**
 * bpmn-js's `translate` service (palette, context pad, popup menus, the properties panel)
 * answered from i18next: each English template has a key under flow.bpmn (its words in
 * camelCase); a template without one stays English. `{name}` placeholders are filled in
 * after translating, as bpmn-js expects.
 */
export const bpmnKey = (template: string): string =>
  template
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^./, (c) => c.toLowerCase());

export const translate = (template: string, replacements: Record<string, string> = {}): string => {
  const key = `flow.bpmn.${bpmnKey(template)}`;
  const text = i18n.exists(key) ? i18n.t(key) : template;
  return text.replace(/{([^}]+)}/g, (_m, name: string) => replacements[name] ?? `{${name}}`);
};

export const translateModule = { translate: ['value', translate] };
