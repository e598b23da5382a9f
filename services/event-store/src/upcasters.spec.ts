import { UnknownSchemaVersionError, UpcasterRegistry } from './upcasters';
import type { StoredEvent } from './port';

const event = (type: string, data: unknown): StoredEvent => ({
  id: 'e1',
  streamName: 'S-1',
  version: 1,
  globalPosition: '1',
  type,
  data,
  metadata: { tenantId: 't', actor: { userId: 'u', account: 'a', name: 'A' }, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: 'k' },
});

describe('upcaster registry', () => {
  it('gives version 1 to a type without steps and reads it unchanged', () => {
    const r = new UpcasterRegistry();
    expect(r.currentVersion('Anything')).toBe(1);
    const e = event('Anything', { a: 1 });
    expect(r.upcast(e, '1')).toBe(e);
    // Emmett's column is text; an absent version is the first one
    expect(r.upcast(e, undefined)).toBe(e);
  });

  it('given a step from v1, the current version is 2 and a v1 event is read at v2', () => {
    const r = new UpcasterRegistry().register('ConsignmentCreated', 1, (d) => ({ isReview: 0, ...(d as object) }));
    expect(r.currentVersion('ConsignmentCreated')).toBe(2);
    expect(r.currentVersion('ConsignmentChanged')).toBe(1);
    const v1 = event('ConsignmentCreated', { id: 'x', billNo: 'B1' });
    const read = r.upcast(v1, '1');
    expect(read.data).toEqual({ id: 'x', billNo: 'B1', isReview: 0 });
    // everything else about the event stays as stored; the stored object is not touched
    expect({ ...read, data: undefined }).toEqual({ ...v1, data: undefined });
    expect(v1.data).toEqual({ id: 'x', billNo: 'B1' });
  });

  it('leaves an event already at the current version alone (the step never runs on it)', () => {
    const step = jest.fn((d: unknown) => d);
    const r = new UpcasterRegistry().register('T', 1, step);
    const v2 = event('T', { isReview: 1 });
    expect(r.upcast(v2, '2')).toBe(v2);
    expect(step).not.toHaveBeenCalled();
  });

  it('chains steps in order: v1 -> v2 -> v3', () => {
    const r = UpcasterRegistry.of([
      { eventType: 'T', fromVersion: 1, upcast: (d) => ({ ...(d as object), b: 2 }) },
      { eventType: 'T', fromVersion: 2, upcast: (d) => ({ ...(d as object), c: (d as { b: number }).b + 1 }) },
    ]);
    expect(r.currentVersion('T')).toBe(3);
    expect(r.upcast(event('T', { a: 1 }), '1').data).toEqual({ a: 1, b: 2, c: 3 });
    expect(r.upcast(event('T', { a: 1, b: 5 }), '2').data).toEqual({ a: 1, b: 5, c: 6 });
    expect(r.versions()).toEqual({ T: 3 });
  });

  it('a step sees the whole stored event (stream, metadata) besides its data', () => {
    const r = new UpcasterRegistry().register('T', 1, (d, e) => ({ ...(d as object), tenant: e.metadata.tenantId, from: e.streamName }));
    expect(r.upcast(event('T', {}), '1').data).toEqual({ tenant: 't', from: 'S-1' });
  });

  it('refuses steps out of order, repeated or with a gap', () => {
    const r = new UpcasterRegistry();
    expect(() => r.register('T', 2, (d) => d)).toThrow(/must start at version 1/);
    r.register('T', 1, (d) => d);
    expect(() => r.register('T', 1, (d) => d)).toThrow(/must start at version 2/);
    expect(() => r.register('T', 3, (d) => d)).toThrow(/must start at version 2/);
    expect(() => r.register('U', 0, (d) => d)).toThrow();
    expect(() => r.register('U', 1.5, (d) => d)).toThrow();
  });

  it('refuses to read a version newer than the code knows, or one that is not a version', () => {
    const r = new UpcasterRegistry().register('T', 1, (d) => d);
    expect(() => r.upcast(event('T', {}), '3')).toThrow(UnknownSchemaVersionError);
    expect(() => r.upcast(event('T', {}), 'x')).toThrow(UnknownSchemaVersionError);
    expect(() => r.upcast(event('T', {}), '0')).toThrow(UnknownSchemaVersionError);
  });
});
