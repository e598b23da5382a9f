import type { RegistrationStatus } from '@tpl/contracts';

/** Past-tense facts of a guest registration, on stream Registration-<tenant>-<id>. */
export type RegistrationSubmitted = {
  type: 'RegistrationSubmitted';
  data: {
    id: string;
    account: string;
    name: string;
    source: string;
    uuid: string;
    oauthRecordId: string;
    externalName: string;
    email: string;
    avatar: string;
    /** argon2 of the MD5 the person typed: the user's password once approved, never the password */
    passwordHash: string;
  };
};
export type RegistrationApproved = { type: 'RegistrationApproved'; data: { roleId: string[]; deptId: string; userId: string } };
export type RegistrationRejected = { type: 'RegistrationRejected'; data: { reason: string } };
export type RegistrationEvent = RegistrationSubmitted | RegistrationApproved | RegistrationRejected;

export const REGISTRATION_EVENT_TYPES = ['RegistrationSubmitted', 'RegistrationApproved', 'RegistrationRejected'] as const;

export type RegistrationState = {
  id: string;
  version: number;
  status: RegistrationStatus;
  submitted: RegistrationSubmitted['data'];
};

export const registrationStream = (tenantId: string, id: string) => `Registration-${tenantId}-${id}`;
