/**
 * Waits for something that happens in the background (a projection, a lease, a timer, the
 * global order's horizon passing a transaction still open elsewhere): `probe` answers a value
 * once it is there and undefined until then. Gives up, naming what it waited for, after `limitMs`.
 */
export const until = async <T>(what: string, probe: () => Promise<T | undefined>, limitMs = 90_000): Promise<T> => {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
