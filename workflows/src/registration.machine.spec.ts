import { registrationStatuses } from '@tpl/contracts';
import { allowedRegistrationEvents, nextRegistrationStatus, registrationEventTypes } from './registration.machine';

describe('registration machine: every status x every event', () => {
  const expected: Record<string, Record<string, string | undefined>> = {
    PENDING: { APPROVE: 'APPROVED', REJECT: 'REJECTED' },
    APPROVED: { APPROVE: undefined, REJECT: undefined },
    REJECTED: { APPROVE: undefined, REJECT: undefined },
  };
  for (const status of registrationStatuses) {
    for (const event of registrationEventTypes) {
      it(`${status} + ${event} -> ${expected[status]![event] ?? 'forbidden'}`, () => {
        expect(nextRegistrationStatus(status, event)).toBe(expected[status]![event]);
      });
    }
  }

  it('offers the buttons only while pending', () => {
    expect(allowedRegistrationEvents('PENDING')).toEqual(['APPROVE', 'REJECT']);
    expect(allowedRegistrationEvents('APPROVED')).toEqual([]);
    expect(allowedRegistrationEvents('REJECTED')).toEqual([]);
  });
});
