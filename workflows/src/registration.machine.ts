import { setup, transition, type SnapshotFrom } from 'xstate';
import type { RegistrationStatus } from '@tpl/contracts';

/**
 * A guest registration (spec 01: register-guest): it waits for the tenant's administrator,
 * who approves or rejects it once. Pure: the decider asks it, the console asks it which
 * buttons to show.
 */
export type RegistrationMachineEvent = { type: 'APPROVE' } | { type: 'REJECT' };
export type RegistrationMachineEventType = RegistrationMachineEvent['type'];

export const registrationMachine = setup({
  types: { events: {} as RegistrationMachineEvent },
}).createMachine({
  id: 'registration',
  initial: 'PENDING',
  states: {
    PENDING: { on: { APPROVE: { target: 'APPROVED' }, REJECT: { target: 'REJECTED' } } },
    // a decision is final: a rejected person applies again through a new social sign-in
    APPROVED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});

const snapshotOf = (state: RegistrationStatus): SnapshotFrom<typeof registrationMachine> =>
  registrationMachine.resolveState({ value: state, context: {} });

export const registrationEventTypes: readonly RegistrationMachineEventType[] = ['APPROVE', 'REJECT'];

/** The status after the event, or undefined when the machine forbids it from here. */
export const nextRegistrationStatus = (state: RegistrationStatus, event: RegistrationMachineEventType): RegistrationStatus | undefined => {
  const snapshot = snapshotOf(state);
  if (!snapshot.can({ type: event })) return undefined;
  const [next] = transition(registrationMachine, snapshot, { type: event });
  return next.value as RegistrationStatus;
};

export const allowedRegistrationEvents = (state: RegistrationStatus): RegistrationMachineEventType[] =>
  registrationEventTypes.filter((e) => snapshotOf(state).can({ type: e }));
