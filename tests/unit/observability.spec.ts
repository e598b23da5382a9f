import { JsonLog, JsonNestLogger } from '@tpl/host';

/** Structured logs (issue 16 item 7): one JSON object per line, the host on every line, Nest's levels mapped. */
describe('JSON logs', () => {
  const capture = () => {
    const lines: { line: Record<string, unknown>; level: string }[] = [];
    const log = new JsonLog({ host: 'h1' }, (line, level) => lines.push({ line: JSON.parse(line) as Record<string, unknown>, level }));
    return { log, lines };
  };

  it('writes one object per line with time, level, message, the host and the fields given', () => {
    const { log, lines } = capture();
    log.write('info', 'request', { method: 'POST', route: '/api/x/:id', status: 200, ms: 3.2, tenant: '100001', correlationId: 'c-1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      level: 'info',
      msg: 'request',
      host: 'h1',
      method: 'POST',
      route: '/api/x/:id',
      status: 200,
      ms: 3.2,
      tenant: '100001',
      correlationId: 'c-1',
    });
  });

  it("maps Nest's levels, keeps the logging class as context and the stack of an error; drops levels not asked for", () => {
    const { log, lines } = capture();
    const nest = new JsonNestLogger(log, ['error', 'warn', 'log']);
    nest.log('lease workflow-timers taken', 'Host');
    nest.warn('slow', 'TimerPoller');
    nest.error('failed', 'Error: boom\n    at x', 'Projector');
    nest.debug('not shown', 'Host');
    expect(lines.map((l) => [l.line.level, l.line.msg, l.line.context])).toEqual([
      ['info', 'lease workflow-timers taken', 'Host'],
      ['warn', 'slow', 'TimerPoller'],
      ['error', 'failed', 'Projector'],
    ]);
    expect(lines[2]!.line.stack).toBe('Error: boom\n    at x');
    expect(lines[2]!.level).toBe('error');
  });
});
