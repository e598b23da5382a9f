import { Body, Controller, Get, Headers, Query } from '@nestjs/common';
import {
  AppError,
  approveRegistrationSchema,
  ok,
  parseOrThrow,
  REGISTRATION_BUTTONS,
  registerGuestQuerySchema,
  registrationIdQuerySchema,
  registrationListQuerySchema,
  rejectRegistrationSchema,
} from '@tpl/contracts';
import { runInTenant } from '@tpl/event-store';
import { Button, Public, Roles } from '../auth-user';
import { Meta, CurrentUser, RequestIds, type RequestMeta } from '../current-user';
import type { AuthUser } from '../auth-user';
import { PostOk } from '../http';
import { sameTenant } from '../business-day';
import { Registrations } from './registration.service';

const ctxOf = (m: RequestMeta) => ({
  tenantId: m.user.tenantId,
  actor: { userId: m.user.userId, account: m.user.account, name: m.user.name },
  correlationId: m.correlationId,
  causationId: m.commandId,
});

@Controller()
export class RegistrationController {
  constructor(private readonly registrations: Registrations) {}

  /** spec 01: a social user with no account applies for one (public: the person has no token yet). */
  @Public()
  @PostOk('/api/bl-system/register-guest')
  async registerGuest(
    @Query() query: unknown,
    @Body() body: unknown,
    @Headers('tenant-id') tenantHeader: string | undefined,
    @RequestIds() ids: { correlationId: string; commandId: string },
  ) {
    // Saber sends the form as query parameters; a JSON body with the same fields is taken too
    const input = { ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}), ...(query as object) };
    const q = parseOrThrow(registerGuestQuerySchema, input, 'registration');
    const tenantId = q.tenantId?.trim();
    if (!sameTenant(tenantHeader, tenantId)) throw new AppError(403, 'errors.tenantMismatch');
    const run = () => this.registrations.submit(q, { correlationId: 'register-guest', commandId: ids.commandId });
    return ok(await (tenantId ? runInTenant(tenantId, run) : run()));
  }

  /** The tenant administrator's list (own tenant only), pending first. */
  @Roles('admin')
  @Get('/api/bl-system/registration/list')
  async list(@Query() query: unknown, @CurrentUser() user: AuthUser) {
    return ok(await this.registrations.list(user.tenantId, parseOrThrow(registrationListQuerySchema, query, 'registration')));
  }

  @Roles('admin')
  @Get('/api/bl-system/registration/history')
  async history(@Query() query: unknown, @CurrentUser() user: AuthUser) {
    return ok(await this.registrations.history(user.tenantId, parseOrThrow(registrationIdQuerySchema, query, 'registration').id));
  }

  /** Approve: the user record is made with the chosen roles and department, and the third-party login linked to it. */
  @Roles('admin')
  @Button(REGISTRATION_BUTTONS.approve)
  @PostOk('/api/bl-system/registration/approve')
  async approve(@Body() body: unknown, @Meta() meta: RequestMeta) {
    return ok(await this.registrations.approve(ctxOf(meta), parseOrThrow(approveRegistrationSchema, body, 'registration')));
  }

  @Roles('admin')
  @Button(REGISTRATION_BUTTONS.reject)
  @PostOk('/api/bl-system/registration/reject')
  async reject(@Body() body: unknown, @Meta() meta: RequestMeta) {
    return ok(await this.registrations.reject(ctxOf(meta), parseOrThrow(rejectRegistrationSchema, body, 'registration')));
  }
}
