import { Controller, Get, Headers, Query } from '@nestjs/common';
import { authRoutes, ok, parseOrThrow } from '@tpl/contracts';
import { AuthService } from './auth.service';
import { Public, type AuthUser } from './auth-user';
import { PostOk } from './http';
import { CurrentUser } from './current-user';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @PostOk(authRoutes.token.path)
  async token(@Query() query: unknown, @Headers('authorization') authorization: string | undefined) {
    this.auth.checkClient(authorization);
    const q = parseOrThrow(authRoutes.token.query!, query, 'auth') as import('@tpl/contracts').TokenQuery;
    return ok(await this.auth.grant(q));
  }

  @Get(authRoutes.logout.path)
  async logout(@CurrentUser() user: AuthUser) {
    await this.auth.logout(user);
    return ok(true);
  }

  @Get(authRoutes.userInfo.path)
  async userInfo(@CurrentUser() user: AuthUser) {
    return ok(await this.auth.userInfo(user));
  }
}
