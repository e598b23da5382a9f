import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthGuard, ButtonCheck } from './auth.guard';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { LogSmsSender, SMS_SENDER, SmsCodes } from './sms.service';

/** Global: every context's controllers use its guard helpers (ButtonCheck). */
@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, ButtonCheck, CaptchaService, SmsCodes, { provide: SMS_SENDER, useClass: LogSmsSender }, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService, ButtonCheck, CaptchaService, SmsCodes, SMS_SENDER],
})
export class IdentityModule {}
