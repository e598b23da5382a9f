import { Body, Controller, Get, Inject, Query } from '@nestjs/common';
import argon2 from 'argon2';
import { AppError, ok, parseOrThrow, PROFILE_FIELDS, profileRoutes as R, type Profile, type UpdateInfo, type UpdatePassword, queryAndBody } from '@tpl/contracts';
import { ACCOUNT_RECORDS, type AccountRecords } from './account-records';
import { EveryUser, type AuthUser } from './auth-user';
import { AuthService } from './auth.service';
import { actorOf, Meta, type RequestMeta } from './current-user';
import { PostOk } from './http';
import { CurrentUser } from './current-user';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** Saber sends these as query parameters or a JSON body: both are accepted, the body winning. */
/** query and JSON body merged; a body that is not an object is malformed (400) */
const merged = (query: unknown, body: unknown) => queryAndBody(query, body, 'request');

/**
 * The personal information page's calls (spec 01: /info/index). Every signed-in user may read
 * and change their own profile and password and nobody else's: the user comes from the token,
 * never from the request. Changes go through the user record (records context, via the
 * AccountRecords port), so they are events in the record's history like an administrator's.
 */
@Controller()
export class ProfileController {
  constructor(
    private readonly auth: AuthService,
    @Inject(ACCOUNT_RECORDS) private readonly records: AccountRecords,
  ) {}

  @EveryUser()
  @Get(R.profile.path)
  async profile(@CurrentUser() user: AuthUser) {
    const p = await this.records.ownProfile(user.tenantId, user.userId);
    if (!p) throw new AppError(401, 'errors.unauthorized');
    const answer: Profile = {
      id: p.id,
      version: p.version,
      tenantId: user.tenantId,
      tenantName: await this.auth.tenantName(user.tenantId),
      account: str(p.data.account),
      name: str(p.data.name),
      realName: str(p.data.realName),
      email: str(p.data.email),
      phone: str(p.data.phone),
      avatar: str(p.data.avatar),
      roleNames: p.roleNames,
      deptName: p.deptName,
    };
    return ok(answer);
  }

  @EveryUser()
  @PostOk(R.updateInfo.path)
  async updateInfo(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const raw = merged(query, body) as Record<string, unknown>;
    const input = parseOrThrow(R.updateInfo.body!, raw, 'user') as UpdateInfo;
    // a field sent empty clears it (the record's rules refuse that for a required one); a field left out keeps its value
    const changes: Record<string, string | null> = {};
    for (const k of PROFILE_FIELDS) {
      if (input[k] !== undefined) changes[k] = input[k];
      else if (k in raw) changes[k] = null;
    }
    const ctx = { tenantId: meta.user.tenantId, actor: actorOf(meta.user), correlationId: meta.correlationId, causationId: meta.commandId };
    return ok(await this.records.changeOwnProfile(ctx, meta.user.userId, changes, input.version));
  }

  /**
   * Old password checked first (wrong: 400, counted toward the sign-in lock); the new one must
   * differ; on success every other session of the user ends (the calling one goes on).
   */
  @EveryUser()
  @PostOk(R.updatePassword.path)
  async updatePassword(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const input = parseOrThrow(R.updatePassword.body!, merged(query, body), 'profile') as UpdatePassword;
    await this.auth.verifyOwnPassword(meta.user, input.oldPassword);
    if (input.newPassword === input.oldPassword) throw new AppError(400, 'errors.passwordUnchanged');
    const ctx = { tenantId: meta.user.tenantId, actor: actorOf(meta.user), correlationId: meta.correlationId, causationId: meta.commandId };
    const saved = await this.records.setOwnPassword(ctx, meta.user.userId, await argon2.hash(input.newPassword));
    const revokedSessions = await this.auth.revokeOtherSessions(meta.user, 'password changed');
    return ok({ ...saved, revokedSessions });
  }
}
