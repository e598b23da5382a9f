import { hasKey, translate, type Language } from '@tpl/contracts';
import type { Answer } from './api-client';

/**
 * Hostile attempts, each aimed at one wall (the tenant, a data scope, a button code, an API
 * permission, a row-level security policy, a version check, a validation rule...) and
 * expecting that wall's own refusal: its status and its own message, never "any 4xx".
 * An attempt whose request is refused earlier, by another wall (a body that fails
 * validation before the tenant is looked at), does not count as refused.
 *
 * Many attempts carry a control: the same request with the wall out of the way (the
 * victim's own tenant, a holder of the button, the scope that owns the rows). The control
 * must NOT be refused that way; that proves the attempt can fail for the reason it names.
 */

/** Why an outcome is not what was expected; undefined when it is. */
export type Verdict<O> = (o: O) => string | undefined;

/** One wall's refusal: the wall's name and how its refusal is recognised. */
export type Refusal<O = Answer<unknown>> = { wall: string; judge: Verdict<O> };

export type Control<O = Answer<unknown>> = {
  run: () => Promise<O>;
  /** what the control must answer besides not being the wall's refusal (default: a 2xx HTTP answer) */
  ok?: Verdict<O>;
  /** changes data: run after the controls that do not */
  mutates?: boolean;
};

export type Attempt<O = Answer<unknown>> = { name: string; run: () => Promise<O>; refused: Refusal<O>; control?: Control<O> };

const HOLE = '\u0001';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The message a key words in a language, as a pattern: the vars given are matched exactly,
 * the others (an id the test does not know) as any text.
 */
export const messageOf = (key: string, vars: Record<string, string | number> = {}, lang: Language = 'en'): RegExp => {
  if (!hasKey(lang, key)) throw new Error(`no message ${key} in ${lang}`);
  const holes = new Proxy({} as Record<string, string | number>, {
    get: (_, name) => (typeof name !== 'string' ? undefined : name in vars ? String(vars[name]) : `${HOLE}${name}${HOLE}`),
  });
  const text = translate(lang, key, holes);
  return new RegExp(`^${escapeRe(text).replace(new RegExp(`${HOLE}\\w+${HOLE}`, 'g'), '.+?')}$`);
};

const msgOf = (a: Answer<unknown>): string => {
  const msg = (a.body as { msg?: unknown } | null)?.msg;
  return typeof msg === 'string' ? msg : JSON.stringify(a.body ?? null).slice(0, 200);
};

const said = (a: Answer<unknown>) => `${a.status} ${JSON.stringify(msgOf(a)).slice(0, 200)}`;

/** The wall answers `status` with the error envelope and the message `key` words (en unless told). */
export const refusal = (wall: string, status: number, key: string, vars: Record<string, string | number> = {}, lang: Language = 'en'): Refusal =>
  refusalSaying(wall, status, messageOf(key, vars, lang));

/** The wall answers `status` with the error envelope and exactly this message (one no key words: a client's own). */
export const refusalSaying = (wall: string, status: number, msg: RegExp | string): Refusal => ({
  wall,
  judge: (a) => {
    const b = a.body as { code?: unknown; success?: unknown } | null;
    const text = msgOf(a);
    const matches = typeof msg === 'string' ? text === msg : msg.test(text);
    if (a.status === status && b?.code === status && b.success === false && matches) return undefined;
    return `expected ${status} ${String(msg)} from the ${wall}, got ${said(a)}`;
  },
});

/**
 * A read the wall must answer without what is not the caller's: a 200 whose body does not
 * contain `needle` (another tenant's code, an id outside the data scope).
 */
export const withheld = (wall: string, needle: string): Refusal => ({
  wall,
  judge: (a) => {
    if (a.status !== 200) return `expected a 200 without ${needle} from the ${wall}, got ${said(a)}`;
    return JSON.stringify(a.body).includes(needle) ? `the answer shows ${needle}` : undefined;
  },
});

/** Any other rule of what the wall's answer must be. */
export const answer = <O = Answer<unknown>>(wall: string, judge: Verdict<O>): Refusal<O> => ({ wall, judge });

const is2xx: Verdict<unknown> = (o) => {
  const status = (o as { status?: unknown }).status;
  if (typeof status !== 'number') return undefined;
  return status >= 200 && status < 300 ? undefined : `answered ${said(o as Answer<unknown>)}`;
};

/** A control that may answer anything but a 5xx (a later rule may refuse it, just not this wall). */
export const notServerError: Verdict<Answer<unknown>> = (a) => (a.status >= 500 ? `answered ${said(a)}` : undefined);

export type AttemptReport = { made: number; refused: number; wrong: string[]; byWall: Record<string, number>; serverErrors: number };

/** Runs the attempts one by one: each must be refused by its own wall. */
export const runAttempts = async <O,>(all: Attempt<O>[]): Promise<AttemptReport> => {
  const wrong: string[] = [];
  const byWall: Record<string, number> = {};
  let serverErrors = 0;
  for (const a of all) {
    const outcome = await a.run();
    const status = (outcome as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 500) serverErrors++;
    const why = a.refused.judge(outcome);
    if (why) wrong.push(`${a.name}: ${why}`);
    else byWall[a.refused.wall] = (byWall[a.refused.wall] ?? 0) + 1;
  }
  return { made: all.length, refused: all.length - wrong.length, wrong, byWall, serverErrors };
};

/**
 * Runs the controls (those that change nothing first): with the wall out of the way the
 * attempt's expectation must fail, and the control must answer as it says.
 */
export const runControls = async <O,>(all: Attempt<O>[]): Promise<{ checked: number; problems: string[] }> => {
  const problems: string[] = [];
  const withControl = all.filter((a) => a.control);
  const ordered = [...withControl.filter((a) => !a.control!.mutates), ...withControl.filter((a) => a.control!.mutates)];
  for (const a of ordered) {
    const c = a.control!;
    if (process.env.TRACE_CONTROLS) console.log(`control: ${a.name}`);
    const outcome = await c.run();
    if (a.refused.judge(outcome) === undefined) {
      problems.push(`${a.name}: refused the same way with the ${a.refused.wall} out of the way, so the attempt cannot fail for the reason it names`);
      continue;
    }
    const why = (c.ok ?? (is2xx as Verdict<O>))(outcome);
    if (why) problems.push(`${a.name}: the control ${why}`);
  }
  return { checked: ordered.length, problems };
};

/** One line for the log: how many were made, refused at their wall, per wall. */
export const summary = (label: string, r: AttemptReport, controls?: number) =>
  `${label}: ${r.made} made, ${r.refused} refused at their wall, ${r.wrong.length} not, ${r.serverErrors} answered 5xx` +
  (controls === undefined ? '' : `, ${controls} with a control`) +
  ` (${Object.entries(r.byWall)
    .map(([w, n]) => `${w} ${n}`)
    .join(', ')})`;
