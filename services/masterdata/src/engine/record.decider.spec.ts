import { AppError, entityByName } from '@tpl/contracts';
import { decideRecord, evolveRecord, type RecordCommand, type RecordState } from './record.decider';

const customer = entityByName('customer')!;
const attach = entityByName('attach')!;
const id = '3f9c1a52-8d0e-4b7a-9a61-0c2f4e5d6a7b';
const actor = { userId: 'u1', account: 'kai', name: 'Kai' };
const meta = { tenantId: '100001', actor, occurredAt: '2026-03-01T08:00:00.000Z', correlationId: 'c', causationId: 'k' };

/** given the record's events, when the command, then these events (or that error). */
const given = (def = customer, ...events: { type: string; data: unknown }[]) => {
  const state = events.reduce<RecordState | undefined>((s, e, i) => evolveRecord(s, { ...e, version: i + 1, metadata: meta }), undefined);
  return {
    when: (command: RecordCommand) => ({
      then: (expected: unknown[]) => expect(decideRecord(def, command, state)).toEqual(expected),
      thenThrows: (code: number, key: string) => {
        try {
          decideRecord(def, command, state);
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect(err).toMatchObject({ code, key });
          return;
        }
        throw new Error('no error');
      },
    }),
  };
};

const created = { type: 'CustomerCreated', data: { id, data: { code: 'C001', name: 'Anke' } } };

describe('the record decider (every entity alike)', () => {
  it('creates a record', () =>
    given().when({ type: 'Create', id, data: { code: 'C001', name: 'Anke' } }).then([{ type: 'CustomerCreated', data: { id, data: { code: 'C001', name: 'Anke' } } }]));

  it('refuses to create a record that exists (stale, 409)', () => given(customer, created).when({ type: 'Create', id, data: {} }).thenThrows(409, 'errors.staleVersion'));

  it('changes a record with a field diff, and records nothing when nothing changed', () => {
    given(customer, created)
      .when({ type: 'Change', id, expectedVersion: 1, data: { code: 'C001', name: 'Anke Foods' } })
      .then([{ type: 'CustomerChanged', data: { data: { code: 'C001', name: 'Anke Foods' }, changes: { name: ['Anke', 'Anke Foods'] } } }]);
    given(customer, created).when({ type: 'Change', id, expectedVersion: 1, data: { code: 'C001', name: 'Anke' } }).then([]);
  });

  it('refuses a change at a stale version (409) and of a record that does not exist (404)', () => {
    given(customer, created).when({ type: 'Change', id, expectedVersion: 2, data: {} }).thenThrows(409, 'errors.staleVersion');
    given().when({ type: 'Change', id, expectedVersion: 1, data: {} }).thenThrows(404, 'errors.recordNotFound');
  });

  it('removes a record naming the code it had, so followers without a copy of it know which it was', () =>
    given(customer, created).when({ type: 'Remove', id, expectedVersion: 1 }).then([{ type: 'CustomerRemoved', data: { code: 'C001' } }]));

  it('removes a record of an entity without codes with nothing more', () =>
    given(attach, { type: 'AttachCreated', data: { id, data: { name: 'a.pdf' } } }).when({ type: 'Remove', id, expectedVersion: 1 }).then([{ type: 'AttachRemoved', data: {} }]));

  it('refuses to remove a record another one refers to (409) and one already removed (404)', () => {
    given(customer, created).when({ type: 'Remove', id, expectedVersion: 1, referencedBy: { entity: 'material', code: 'M0001' } }).thenThrows(409, 'errors.referenced');
    given(customer, created, { type: 'CustomerRemoved', data: { code: 'C001' } }).when({ type: 'Remove', id, expectedVersion: 2 }).thenThrows(404, 'errors.recordNotFound');
  });
});
