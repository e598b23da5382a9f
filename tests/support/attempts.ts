import type { Answer } from './api-client';

/** One hostile request and what counts as refusing it (default: a 4xx). */
export type Attempt = { name: string; run: () => Promise<Answer<unknown>>; refused?: (a: Answer<unknown>) => boolean };

export const notOk = (a: Answer<unknown>) => a.status >= 400 && a.status < 500;

/** Runs the attempts one by one: those that were not refused, and those that answered 500 or worse. */
export const runAttempts = async (all: Attempt[]): Promise<{ granted: string[]; errors: string[] }> => {
  const granted: string[] = [];
  const errors: string[] = [];
  for (const a of all) {
    const answer = await a.run();
    if (answer.status >= 500) errors.push(`${a.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    else if (!(a.refused ?? notOk)(answer)) granted.push(`${a.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
  return { granted, errors };
};
