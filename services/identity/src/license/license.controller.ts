import { Controller, Get, Param } from '@nestjs/common';
import { authRoutes, ok } from '@tpl/contracts';
import { CurrentUser, Meta, type RequestMeta } from '../current-user';
import type { AuthUser } from '../auth-user';
import { PostOk } from '../http';
import { LicenseService } from './license.service';

@Controller()
export class LicenseController {
  constructor(private readonly licenses: LicenseService) {}

  /** spec 01 GET /api/bl-auth/license: what is installed (status none / valid / expired); any signed-in user. */
  @Get('/api/bl-auth/license')
  async current() {
    return ok(await this.licenses.current());
  }

  /** spec 01 POST /api/bl-auth/importLicense/{license}: the licence travels in the path. */
  @PostOk('/api/bl-auth/importLicense/:license')
  async import(@Param('license') license: string, @Meta() meta: RequestMeta) {
    return ok(await this.licenses.import(meta.user, license, { correlationId: meta.correlationId, commandId: meta.commandId }));
  }

  /** Every import, with who and when (platform administrators). */
  @Get(authRoutes.licenseHistory.path)
  async history(@CurrentUser() user: AuthUser) {
    return ok(await this.licenses.history(user));
  }
}
