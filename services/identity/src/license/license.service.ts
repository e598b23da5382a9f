import { Inject, Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { AppError, PLATFORM_TENANT, type LicenseInfo, type LicensePayload } from '@tpl/contracts';
import { EVENT_STORE, historyEntryOf, runAsSystem, runCommand, type EventStorePort, type Fold, type StoredEvent } from '@tpl/event-store';
import { AuthSettings } from '../auth-settings';
import { businessDay } from '../business-day';
import type { AuthUser } from '../auth-user';
import { licenseInfoOf, publicKeyOf, verifyLicense, VENDOR_LICENSE_KEY, type LicenseImported } from './license';

/** One licence for the whole installation: its imports are the events of this stream. */
export const LICENSE_STREAM = `License-${PLATFORM_TENANT}`;

/** What matters of the stream when importing: nothing but its version (every import replaces the last). */
const lastImport: Fold<StoredEvent | undefined> = { initial: () => undefined, evolve: (_, e) => e };


/**
 * The installed licence. Without one (or with an expired one) the product keeps working:
 * a warehouse must never stop shipping because paperwork lapsed; the status says so.
 */
@Injectable()
export class LicenseService {
  private readonly keys: KeyObject[];

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    settings: AuthSettings,
  ) {
    this.keys = [publicKeyOf(VENDOR_LICENSE_KEY), ...settings.licenseKeys.map(publicKeyOf)];
  }

  private events() {
    // installation-wide, kept under the platform tenant: read it whoever asks
    return runAsSystem(() => this.store.readStream(LICENSE_STREAM));
  }

  async current(): Promise<LicenseInfo> {
    const events = await this.events();
    const last = events.at(-1);
    const installed = last && { payload: (last.data as LicenseImported['data']).payload, at: last.metadata.occurredAt, by: last.metadata.actor.name };
    return licenseInfoOf(installed, businessDay());
  }

  /** Platform administrators only (tenant 000000, role admin); a licence that fails any check is not stored. */
  async import(user: AuthUser, license: string, ids: { correlationId: string; commandId: string }): Promise<LicenseInfo> {
    if (user.tenantId !== PLATFORM_TENANT || !user.roles.includes('admin')) throw new AppError(403, 'errors.forbidden');
    const payload: LicensePayload = verifyLicense(license, this.keys, businessDay());
    const event: LicenseImported = { type: 'LicenseImported', data: { license: license.trim(), payload } };
    await runAsSystem(() =>
      runCommand(this.store, {
        stream: LICENSE_STREAM,
        streamType: 'License',
        fold: lastImport,
        decide: () => [event],
        metadata: {
          tenantId: PLATFORM_TENANT,
          actor: { userId: user.userId, account: user.account, name: user.name },
          occurredAt: new Date().toISOString(),
          correlationId: ids.correlationId,
          causationId: ids.commandId,
        },
      }),
    );
    return this.current();
  }

  async history(user: AuthUser) {
    if (user.tenantId !== PLATFORM_TENANT || !user.roles.includes('admin')) throw new AppError(403, 'errors.forbidden');
    return (await this.events()).map((e) => historyEntryOf(e, { payload: (e.data as LicenseImported['data']).payload }));
  }
}
