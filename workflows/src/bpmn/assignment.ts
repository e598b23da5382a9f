/**
 * Resolves a user task's `tpl:assignee` / `tpl:candidateUsers` / `tpl:candidateRoles`
 * against the process variables. A value is a comma-separated list; each item is a
 * literal (an account or a role alias) or `${path}` naming a variable (`${initiator}`,
 * `${approver}`, `${consignee.linkman}`). Only variable look-ups are allowed here: no
 * expressions, so an assignment can never run code either.
 */
const VARIABLE = /^\$\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}$/;

const lookup = (variables: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), variables);

/** The items of a comma-separated list with variables resolved; empty and unresolved items are dropped. */
export const resolveList = (value: string | undefined | null, variables: Record<string, unknown>): string[] => {
  if (!value) return [];
  const out: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const m = VARIABLE.exec(item);
    if (!m) {
      out.push(item);
      continue;
    }
    const v = lookup(variables, m[1]!);
    const values = Array.isArray(v) ? v : [v];
    for (const x of values) if (typeof x === 'string' && x.trim()) out.push(x.trim());
    else if (typeof x === 'number') out.push(String(x));
  }
  return [...new Set(out)];
};

/** Checks the syntax of an assignment value (for deploy-time validation). */
export const badAssignmentItems = (value: string | undefined | null): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && (s.includes('${') || s.includes('}')) && !VARIABLE.test(s));
