import { KeyedLimit } from './keyed-limit';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedLimit', () => {
  it('runs at most its limit per key at once, the rest in the order they came; other keys do not wait', async () => {
    const limit = new KeyedLimit(2);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const job = (key: string, name: string) =>
      limit.run(key, async () => {
        started.push(name);
        const g = gate();
        gates.set(name, g);
        await g.opened;
        return name;
      });
    const runs = [job('a', 'a1'), job('a', 'a2'), job('a', 'a3'), job('a', 'a4'), job('b', 'b1')];
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(limit.load('a')).toEqual({ active: 2, waiting: 2 });
    gates.get('a2')!.open();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    gates.get('a1')!.open();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    for (const g of gates.values()) g.open();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    expect(limit.load('a')).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the place of a run that fails', async () => {
    const limit = new KeyedLimit(1);
    await expect(limit.run('k', async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(limit.run('k', () => { throw new Error('thrown'); })).rejects.toThrow('thrown');
    expect(await limit.run('k', async () => 'next')).toBe('next');
    expect(limit.load('k')).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a limit below one', () => {
    expect(() => new KeyedLimit(0)).toThrow('at least 1');
    expect(() => new KeyedLimit(Number('x'))).toThrow('at least 1');
  });
});
