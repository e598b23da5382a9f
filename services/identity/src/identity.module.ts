import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { LogSmsSender, SMS_SENDER, SmsCodes } from './sms.service';

@Module({
  controllers: [AuthController],
  providers: [AuthService, CaptchaService, SmsCodes, { provide: SMS_SENDER, useClass: LogSmsSender }, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService, CaptchaService, SmsCodes, SMS_SENDER],
})
export class IdentityModule {}
