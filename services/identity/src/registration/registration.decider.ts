import { AppError } from '@tpl/contracts';
import type { Fold } from '@tpl/event-store';
import { nextRegistrationStatus, type RegistrationMachineEventType } from '@tpl/workflows';
import type { RegistrationEvent, RegistrationState, RegistrationSubmitted } from './registration.events';

export type RegistrationCommand =
  | { type: 'Submit'; data: RegistrationSubmitted['data'] }
  | { type: 'Approve'; id: string; expectedVersion: number; roleId: string[]; deptId: string; userId: string }
  | { type: 'Reject'; id: string; expectedVersion: number; reason: string };

const machineEvent: Record<'Approve' | 'Reject', RegistrationMachineEventType> = { Approve: 'APPROVE', Reject: 'REJECT' };
const actionKey: Record<'Approve' | 'Reject', string> = { Approve: 'registration.actions.approve', Reject: 'registration.actions.reject' };

/** decide(command, state) -> events or a typed error. The machine says which decision is allowed now. */
export const decideRegistration = (command: RegistrationCommand, state: RegistrationState | undefined): RegistrationEvent[] => {
  switch (command.type) {
    case 'Submit':
      if (state) throw new AppError(409, 'errors.staleVersion', { current: state.version, expected: 0 });
      return [{ type: 'RegistrationSubmitted', data: command.data }];
    case 'Approve':
    case 'Reject': {
      if (!state) throw new AppError(404, 'errors.recordNotFound', { id: command.id });
      if (command.expectedVersion !== state.version) throw new AppError(409, 'errors.staleVersion', { current: state.version, expected: command.expectedVersion });
      if (!nextRegistrationStatus(state.status, machineEvent[command.type])) {
        throw new AppError(409, 'errors.forbiddenTransition', {}, { state: `registration.status.${state.status}`, action: actionKey[command.type] });
      }
      return command.type === 'Approve'
        ? [{ type: 'RegistrationApproved', data: { roleId: command.roleId, deptId: command.deptId, userId: command.userId } }]
        : [{ type: 'RegistrationRejected', data: { reason: command.reason } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
};

export const evolveRegistration = (state: RegistrationState | undefined, event: RegistrationEvent & { version: number }): RegistrationState | undefined => {
  switch (event.type) {
    case 'RegistrationSubmitted':
      return { id: event.data.id, version: event.version, status: 'PENDING', submitted: event.data };
    case 'RegistrationApproved':
      return state && { ...state, version: event.version, status: 'APPROVED' };
    case 'RegistrationRejected':
      return state && { ...state, version: event.version, status: 'REJECTED' };
    default:
      return state;
  }
};

/** The fold runCommand and loadStream apply to a registration's stream. */
export const registrationFold: Fold<RegistrationState | undefined> = {
  initial: () => undefined,
  evolve: (state, e) => evolveRegistration(state, { ...(e as unknown as RegistrationEvent), version: e.version }),
};
