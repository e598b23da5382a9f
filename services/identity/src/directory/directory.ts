import { Injectable, Logger } from '@nestjs/common';
import { Client, InvalidCredentialsError, SizeLimitExceededError, type Entry } from 'ldapts';
import { directorySettings, fillFilter, rolesForGroups, type DirectorySettings } from './directory-settings';

/**
 * What the directory said of an account and a password:
 * - `ok`: the person's entry bound with that password; `roles` from the groups it is a member of;
 * - `refused`: no such person, several (the filter is ambiguous), or a wrong password;
 * - `unavailable`: the directory could not be reached or failed (not the person's fault);
 * - `off`: LDAP_URL is not set.
 */
export type DirectoryAnswer =
  | { kind: 'ok'; dn: string; groups: string[]; roles: string[] }
  | { kind: 'refused'; reason: 'unknown' | 'ambiguous' | 'password' }
  | { kind: 'unavailable'; detail: string }
  | { kind: 'off' };

const values = (v: Entry[string] | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));

/**
 * Signs a person in against the directory named by LDAP_URL (docs/DOMAIN.md "Domain login"):
 * finds the entry by the account name (as the service account, or anonymously), binds as that
 * entry with the person's own password, reads the groups it belongs to and maps them to roles.
 * One connection per sign-in, closed at once; every wait bounded by LDAP_TIMEOUT_MS.
 */
@Injectable()
export class Directory {
  private readonly log = new Logger('Directory');
  readonly settings: DirectorySettings | undefined;

  constructor(settings?: DirectorySettings | null) {
    this.settings = settings === null ? undefined : (settings ?? directorySettings());
  }

  get configured(): boolean {
    return this.settings !== undefined;
  }

  async signIn(account: string, password: string): Promise<DirectoryAnswer> {
    const s = this.settings;
    if (!s) return { kind: 'off' };
    // an empty password is an unauthenticated bind, which a directory answers with success (RFC 4513 5.1.2)
    if (!password) return { kind: 'refused', reason: 'password' };
    const client = new Client({ url: s.url, timeout: s.timeoutMs, connectTimeout: s.timeoutMs });
    try {
      if (s.bindDn) await client.bind(s.bindDn, s.bindPassword ?? '');
      let found: Entry[];
      try {
        const r = await client.search(s.baseDn, {
          scope: 'sub',
          filter: fillFilter(s.userFilter, '{account}', account),
          attributes: ['memberOf'],
          sizeLimit: 2,
          timeLimit: Math.ceil(s.timeoutMs / 1000),
        });
        found = r.searchEntries;
      } catch (err) {
        if (err instanceof SizeLimitExceededError) return { kind: 'refused', reason: 'ambiguous' };
        throw err;
      }
      if (found.length === 0) return { kind: 'refused', reason: 'unknown' };
      if (found.length > 1) return { kind: 'refused', reason: 'ambiguous' };
      const entry = found[0]!;
      try {
        await client.bind(entry.dn, password);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return { kind: 'refused', reason: 'password' };
        throw err;
      }
      // the groups, read as the person (who may read their own memberships)
      const groups = await client.search(s.baseDn, {
        scope: 'sub',
        filter: fillFilter(s.groupFilter, '{dn}', entry.dn),
        attributes: ['cn'],
        timeLimit: Math.ceil(s.timeoutMs / 1000),
      });
      const dns = [...new Set([...groups.searchEntries.map((g) => g.dn), ...values(entry.memberOf)])];
      return { kind: 'ok', dn: entry.dn, groups: dns, roles: rolesForGroups(s.groupRoles, dns) };
    } catch (err) {
      const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      this.log.warn(`directory ${s.url} unavailable for a sign-in: ${detail}`);
      return { kind: 'unavailable', detail };
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}
