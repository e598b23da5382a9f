import { Jexl } from 'jexl';

/**
 * The expression language of sequence-flow conditions: jexl (https://github.com/TomFrost/Jexl),
 * evaluated over the process variables, which are the document's fields plus `initiator`
 * and `businessKey`. jexl has no function calls, assignment or access to JavaScript globals,
 * so a condition typed in the designer can read data but never run code.
 *
 * Examples: `totals.weg > 10000`, `days > 3 && type == "annual"`, `customerCode in ["C001","C002"]`.
 * A missing field reads as undefined (so `missing > 3` is false). The result is taken as
 * a boolean (JavaScript truthiness).
 */
export const CONDITION_LANGUAGE = 'jexl';

// Our own instance: transforms registered elsewhere on the shared default never leak in.
const jexl = new Jexl();

export type ConditionCheck = { ok: true } | { ok: false; error: string };

export class ConditionError extends Error {
  constructor(
    readonly expression: string,
    cause: string,
  ) {
    super(`Condition "${expression}" cannot be evaluated: ${cause}`);
    this.name = 'ConditionError';
  }
}

/** Whether a language attribute names our expression language (absent means ours). */
export const isConditionLanguage = (language: string | undefined | null): boolean =>
  !language || language.toLowerCase() === CONDITION_LANGUAGE;

/** Parses without evaluating: used before deploy so a typo is found by the modeller, not at run time. */
export const checkCondition = (expression: string): ConditionCheck => {
  if (!expression.trim()) return { ok: false, error: 'empty expression' };
  try {
    jexl.compile(expression);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  // no functions or transforms exist in our language: a call to one can never work
  try {
    jexl.evalSync(expression, {});
  } catch (e) {
    const message = (e as Error).message;
    if (/(Function|Transform) \S+ is not defined/.test(message)) return { ok: false, error: message };
  }
  return { ok: true };
};

/** Evaluates a condition over the variables; throws ConditionError when it cannot be parsed. */
export const evaluateCondition = (expression: string, variables: Record<string, unknown>): boolean => {
  let result: unknown;
  try {
    result = jexl.evalSync(expression, variables);
  } catch (e) {
    throw new ConditionError(expression, (e as Error).message);
  }
  return Boolean(result);
};
