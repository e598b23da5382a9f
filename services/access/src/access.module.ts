import { Module } from '@nestjs/common';
import { Access } from './access';
import { MenusController } from './menus.controller';

/**
 * Users' rights: menus, roles, buttons, API permissions and data scopes, kept as records of
 * system administration (served by master data's engine) and read through its RECORDS port.
 * Exports Access, which the host binds to identity's ACCESS_RULES and ROW_SCOPES.
 */
@Module({
  controllers: [MenusController],
  providers: [Access],
  exports: [Access],
})
export class AccessModule {}
