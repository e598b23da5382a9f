import type { Actor } from '@tpl/contracts';
import type { NewEvent } from '@tpl/event-store';

/**
 * Who does what, in which tenant, for which request: as the records service takes it.
 * causationId: the command's id (made where it entered), the cause every event names.
 */
export type AccountContext = { tenantId: string; actor: Actor; correlationId: string; causationId: string };

/** What a provider tells about a person: the fields of the useroauth record (spec 02 3.1). */
export type ExternalProfile = {
  source: string;
  uuid: string;
  username: string;
  nickname: string;
  avatar?: string;
  blog?: string;
  company?: string;
  location?: string;
  email?: string;
  gender?: string;
};

/** An append to run in the same transaction as the records' own (the registration's decision). */
export type CoAppend = { stream: string; events: NewEvent[]; expectedVersion: number; streamType: string };

/**
 * The port through which sign-in keeps users and third-party logins, which are records of
 * system administration (the masterdata context implements it, the host binds it): identity
 * never writes their streams nor reads their tables itself, so the user screens, history and
 * sign-in always agree.
 */
export interface AccountRecords {
  /** Creates the person's useroauth record, or refreshes its profile; answers its id. */
  saveExternalUser(ctx: AccountContext, profile: ExternalProfile): Promise<{ id: string }>;
  /**
   * Creates the user (with the password hash it applied with), links the useroauth record
   * to it and runs `also`, all in one transaction or not at all.
   */
  createLinkedUser(
    ctx: AccountContext,
    input: {
      /** the new user record's id (decided first, so the registration's decision can name it) */
      userId: string;
      account: string;
      name: string;
      roleId: string[];
      deptId?: string | undefined;
      email?: string | undefined;
      avatar?: string | undefined;
      passwordHash: string;
      oauthRecordId: string;
    },
    also: CoAppend,
  ): Promise<void>;
  /** The user's own record as the personal information page shows it (undefined when removed or unknown). */
  ownProfile(tenantId: string, userId: string): Promise<OwnProfile | undefined>;
  /**
   * Changes only the given profile fields of the user's own record (a UserChanged event with its
   * field diff; validated by the user record's own rules; null clears a field). `expectedVersion` when the page sent one.
   */
  changeOwnProfile(ctx: AccountContext, userId: string, changes: Record<string, string | null>, expectedVersion?: number): Promise<{ id: string; version: number }>;
  /** Sets the user's own login password (a UserPasswordSet event marked `self`, the hash masked in history). */
  setOwnPassword(ctx: AccountContext, userId: string, passwordHash: string): Promise<{ id: string; version: number }>;
  /**
   * The department of every live user record that names one, across tenants (called in the
   * system scope): what idn_users.dept_code is filled from for users made before it existed.
   */
  userDepartments(): Promise<{ tenantId: string; userId: string; deptCode: string }[]>;
}

export type OwnProfile = { id: string; version: number; data: Record<string, unknown>; roleNames: string[]; deptName: string };
export const ACCOUNT_RECORDS = Symbol('ACCOUNT_RECORDS');
