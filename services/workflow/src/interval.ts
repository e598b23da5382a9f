import type { Logger } from '@nestjs/common';

/**
 * Runs work every `ms` (0 or less: never), logging failures instead of crashing; the
 * timer does not keep the process alive. Returns the stop function for shutdown.
 */
export const every = (ms: number, work: () => Promise<unknown>, logger: Logger): (() => void) => {
  if (!(ms > 0)) return () => undefined;
  const timer = setInterval(() => void work().catch((e: unknown) => logger.error(String(e))), ms);
  timer.unref();
  return () => clearInterval(timer);
};
