import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';

@Module({
  controllers: [AuthController],
  providers: [AuthService, CaptchaService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService, CaptchaService],
})
export class IdentityModule {}
