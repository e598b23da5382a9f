import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { AppError, loginOptionsQuerySchema, ok, parseOrThrow, socialRenderQuerySchema, type LoginOptions } from '@tpl/contracts';
import { runInTenant } from '@tpl/event-store';
import { Public } from '../auth-user';
import { AuthSettings } from '../auth-settings';
import { LoginOptionsService } from './login-options.service';
import { SocialSignIn } from './social.service';

/** The little of Fastify's request and reply used here (identity does not depend on Fastify). */
type Req = { headers: Record<string, string | string[] | undefined>; protocol: string; method: string };
type Reply = { status(code: number): Reply; header(name: string, value: string): Reply; send(body?: unknown): Reply };

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** Where the console is served: PUBLIC_URL, else the scheme and Host of this request. */
export const publicOrigin = (settings: AuthSettings, req: Req): string => {
  if (settings.publicUrl) return settings.publicUrl;
  const raw = req.headers.host;
  const host = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  if (!HOST.test(host)) throw new AppError(400, 'errors.badHost');
  return `${req.protocol}://${host}`;
};

@Controller()
export class SocialController {
  constructor(
    private readonly settings: AuthSettings,
    private readonly social: SocialSignIn,
    private readonly options: LoginOptionsService,
  ) {}

  /** What this tenant's sign-in page offers (the shell's sign-in page reads exactly this). */
  @Public()
  @Get('/api/bl-auth/login-options')
  async loginOptions(@Query() query: unknown) {
    const q = parseOrThrow(loginOptionsQuerySchema, query, 'auth');
    return ok<LoginOptions>(await runInTenant(q.tenantId, () => this.options.forTenant(q.tenantId)));
  }

  /** The browser is sent to the provider with a state we issued; it comes back to /oauth/callback/{source}. */
  @Public()
  @Get('/api/bl-auth/oauth/render/:source')
  async render(@Param('source') source: string, @Query() query: unknown, @Req() req: Req, @Res() reply: Reply) {
    const q = parseOrThrow(socialRenderQuerySchema, query, 'auth');
    const url = await runInTenant(q.tenantId, () => this.social.authorizeUrl(q.tenantId, source, publicOrigin(this.settings, req)));
    return reply.status(302).header('location', url).header('cache-control', 'no-store').send();
  }
}
