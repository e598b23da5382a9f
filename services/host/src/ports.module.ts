import { Global, Module } from '@nestjs/common';
import { ACCESS_RULES, ACCOUNT_RECORDS, ROW_SCOPES } from '@tpl/identity';
import { RecordsAccountPort } from '@tpl/masterdata';
import { Access, AccessModule } from '@tpl/access';

/**
 * The ports one context declares and another implements, bound here so that neither imports
 * the other (ADR 0005): identity asks for users' rights (ACCESS_RULES for the guard,
 * ROW_SCOPES for every context's reads), answered by the access context; and keeps users and
 * third-party logins through ACCOUNT_RECORDS, answered by master data's user records.
 * Ports a context both declares and implements (master data's RECORDS, REFERENCE_CHECK,
 * SERIAL_CODES, ENTITY_HOOKS; workflow's review port) are provided by that context itself.
 */
@Global()
@Module({
  imports: [AccessModule],
  providers: [
    { provide: ACCESS_RULES, useExisting: Access },
    { provide: ROW_SCOPES, useExisting: Access },
    { provide: ACCOUNT_RECORDS, useExisting: RecordsAccountPort },
  ],
  exports: [ACCESS_RULES, ROW_SCOPES, ACCOUNT_RECORDS],
})
export class ContextPortsModule {}
