import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { AuthGuard, ButtonCheck } from './auth.guard';
import { AuthService } from './auth.service';
import { AuthSettings } from './auth-settings';
import { CaptchaService } from './captcha.service';
import { ErrorLogController } from './error-log.controller';
import { ProfileController } from './profile.controller';
import { LicenseController } from './license/license.controller';
import { LicenseService } from './license/license.service';
import { RegistrationController } from './registration/registration.controller';
import { Registrations } from './registration/registration.service';
import { LoginOptionsService } from './social/login-options.service';
import { OidcClient } from './social/oidc-client';
import { SocialController } from './social/social.controller';
import { SocialSignIn } from './social/social.service';
import { LogSmsSender, SMS_SENDER, SmsCodes } from './sms.service';
import { DepartmentBackfill } from './department-backfill';
import { Directory } from './directory/directory';

/** Global: every context's controllers use its guard helpers (ButtonCheck). */
@Global()
@Module({
  controllers: [AuthController, SocialController, RegistrationController, LicenseController, ErrorLogController, ProfileController],
  providers: [
    AuthService,
    ButtonCheck,
    CaptchaService,
    SmsCodes,
    { provide: SMS_SENDER, useClass: LogSmsSender },
    { provide: APP_GUARD, useClass: AuthGuard },
    // read from the environment once per host
    { provide: AuthSettings, useFactory: () => new AuthSettings() },
    // LDAP_* (directory sign-in), read once per host; a malformed setting stops the start
    { provide: Directory, useFactory: () => new Directory() },
    LoginOptionsService,
    OidcClient,
    SocialSignIn,
    Registrations,
    LicenseService,
    DepartmentBackfill,
  ],
  exports: [AuthService, ButtonCheck, CaptchaService, SmsCodes, SMS_SENDER, AuthSettings],
})
export class IdentityModule {}
