import { AppError } from '@tpl/contracts';
import { decideRegistration, evolveRegistration } from './registration.decider';
import type { RegistrationEvent, RegistrationState } from './registration.events';

const submitted = {
  id: '7f6b8a52-0c1e-4a8e-9a57-3f1c0a1d2e3f',
  account: 'liwei',
  name: 'Li Wei',
  source: 'corp',
  uuid: 'sub-1',
  oauthRecordId: '0b7c5b8e-1111-4222-8333-944455556666',
  externalName: 'Li Wei',
  email: 'li.wei@example.cn',
  avatar: '',
  passwordHash: '$argon2id$...',
};

const given = (...events: RegistrationEvent[]): RegistrationState | undefined =>
  events.reduce<RegistrationState | undefined>((s, e, i) => evolveRegistration(s, { ...e, version: i + 1 }), undefined);

const errorOf = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected an error');
};

describe('registration decider (given / when / then)', () => {
  it('given nothing, when submitted, then RegistrationSubmitted and the application is pending', () => {
    const events = decideRegistration({ type: 'Submit', data: submitted }, undefined);
    expect(events).toEqual([{ type: 'RegistrationSubmitted', data: submitted }]);
    expect(given(...events)).toMatchObject({ status: 'PENDING', version: 1 });
  });

  it('given a submitted application, when submitted again, then 409', () => {
    const state = given({ type: 'RegistrationSubmitted', data: submitted });
    expect(errorOf(() => decideRegistration({ type: 'Submit', data: submitted }, state)).code).toBe(409);
  });

  it('given a pending application, when approved with roles and department, then RegistrationApproved', () => {
    const state = given({ type: 'RegistrationSubmitted', data: submitted });
    const events = decideRegistration({ type: 'Approve', id: submitted.id, expectedVersion: 1, roleId: ['keeper'], deptId: 'D01', userId: 'u-1' }, state);
    expect(events).toEqual([{ type: 'RegistrationApproved', data: { roleId: ['keeper'], deptId: 'D01', userId: 'u-1' } }]);
    expect(given({ type: 'RegistrationSubmitted', data: submitted }, ...events)).toMatchObject({ status: 'APPROVED', version: 2 });
  });

  it('given a pending application, when rejected with a reason, then RegistrationRejected', () => {
    const state = given({ type: 'RegistrationSubmitted', data: submitted });
    const events = decideRegistration({ type: 'Reject', id: submitted.id, expectedVersion: 1, reason: 'Not our staff' }, state);
    expect(events).toEqual([{ type: 'RegistrationRejected', data: { reason: 'Not our staff' } }]);
  });

  it('given a decided application, when decided again, then 409 naming the status and the action', () => {
    const state = given({ type: 'RegistrationSubmitted', data: submitted }, { type: 'RegistrationRejected', data: { reason: 'x' } });
    const e = errorOf(() => decideRegistration({ type: 'Approve', id: submitted.id, expectedVersion: 2, roleId: ['keeper'], deptId: '', userId: 'u' }, state));
    expect(e).toMatchObject({ code: 409, key: 'errors.forbiddenTransition', keyVars: { state: 'registration.status.REJECTED', action: 'registration.actions.approve' } });
  });

  it('given a pending application, when decided on a stale version, then 409 and no event', () => {
    const state = given({ type: 'RegistrationSubmitted', data: submitted });
    expect(errorOf(() => decideRegistration({ type: 'Reject', id: submitted.id, expectedVersion: 3, reason: 'x' }, state))).toMatchObject({ code: 409, key: 'errors.staleVersion' });
  });

  it('given nothing, when approved, then 404', () => {
    expect(errorOf(() => decideRegistration({ type: 'Approve', id: submitted.id, expectedVersion: 1, roleId: ['a'], deptId: '', userId: 'u' }, undefined)).code).toBe(404);
  });
});
