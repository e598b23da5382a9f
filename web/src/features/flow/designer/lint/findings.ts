/**
 * What the designer lists before a deploy: bpmnlint's reports (by rule) and the server's
 * own check, flattened into findings the user can click to select the element. Errors
 * block the deploy; warnings only ask for a confirmation.
 */
export type Severity = 'error' | 'warning';
export type Finding = {
  elementId: string;
  /** the element's name, or its id when it has none */
  elementLabel: string;
  rule: string;
  severity: Severity;
  message: string;
};
export type LintReport = { id?: string; message: string; category: string };
export type LintResults = Record<string, LintReport[]>;
export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type DeployVerdict = 'ok' | 'confirm' | 'blocked';

const severityOf = (category: string): Severity | undefined =>
  category === 'error' || category === 'rule-error' ? 'error' : category === 'warn' ? 'warning' : undefined;

/** The rule's explanation in the user's language; our rules report a message key of their own. */
const messageOf = (rule: string, report: LintReport, t: Translate): string => {
  if (rule.startsWith('tpl/')) return t(`flow.lint.messages.${report.message}`, { defaultValue: report.message });
  return t(`flow.lint.rules.${rule}`, { defaultValue: report.message });
};

export const toFindings = (results: LintResults, labelOf: (elementId: string) => string | undefined, t: Translate): Finding[] => {
  const findings: Finding[] = [];
  for (const [rule, reports] of Object.entries(results)) {
    for (const report of reports) {
      const severity = severityOf(report.category);
      if (!severity) continue;
      const elementId = report.id ?? '';
      findings.push({ elementId, elementLabel: labelOf(elementId) || elementId, rule, severity, message: messageOf(rule, report, t) });
    }
  }
  // errors first, then by element so the list reads like the diagram
  return findings.sort((a, b) => (a.severity === b.severity ? a.elementLabel.localeCompare(b.elementLabel) : a.severity === 'error' ? -1 : 1));
};

/** The server's deploy checks (bpmn-moddle warnings and the engine's needs) as findings; all are errors. */
export const serverFindings = (problems: { elementId: string; message: string }[], labelOf: (elementId: string) => string | undefined): Finding[] =>
  problems.map((p) => ({ elementId: p.elementId, elementLabel: labelOf(p.elementId) || p.elementId, rule: 'server', severity: 'error', message: p.message }));

/** Findings that say the same thing about the same element are listed once. */
export const uniqueFindings = (findings: Finding[]): Finding[] => {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.elementId}|${f.severity}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export const deployVerdict = (findings: Finding[]): DeployVerdict =>
  findings.some((f) => f.severity === 'error') ? 'blocked' : findings.length ? 'confirm' : 'ok';

export const countBySeverity = (findings: Finding[]) => ({
  errors: findings.filter((f) => f.severity === 'error').length,
  warnings: findings.filter((f) => f.severity === 'warning').length,
});
