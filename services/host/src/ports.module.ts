import { Global, Module } from '@nestjs/common';
import { ACCESS_RULES, ACCOUNT_RECORDS, ROW_SCOPES } from '@tpl/identity';
import { REFERENCE_CHECK, REVIEW_POLICY, REVIEW_REGISTRY, SERIAL_CODES } from '@tpl/documents';
import { RecordReferences, RecordsAccountPort, SerialCodes } from '@tpl/masterdata';
import { ReviewConfigService, ReviewRegistry } from '@tpl/workflow';
import { Access, AccessModule } from '@tpl/access';

/**
 * The ports one context (or the document kit) declares and another implements, bound here so
 * that neither imports the other (ADR 0005): identity asks for users' rights (ACCESS_RULES for
 * the guard, ROW_SCOPES for every context's reads), answered by the access context; and keeps
 * users and third-party logins through ACCOUNT_RECORDS, answered by master data's user records.
 * The document kit asks whether codes name usable records (REFERENCE_CHECK) and for bill
 * numbers' serial codes (SERIAL_CODES), answered by master data; whether a document needs
 * review (REVIEW_POLICY) and where its reviewable types plug in (REVIEW_REGISTRY), answered by
 * workflow. Ports a context both declares and implements (master data's RECORDS, MASTER_DATA,
 * ENTITY_HOOKS; workflow's FLOW_INBOX) are provided by that context itself.
 */
@Global()
@Module({
  imports: [AccessModule],
  providers: [
    { provide: ACCESS_RULES, useExisting: Access },
    { provide: ROW_SCOPES, useExisting: Access },
    { provide: ACCOUNT_RECORDS, useExisting: RecordsAccountPort },
    { provide: REFERENCE_CHECK, useExisting: RecordReferences },
    { provide: SERIAL_CODES, useExisting: SerialCodes },
    { provide: REVIEW_POLICY, useExisting: ReviewConfigService },
    { provide: REVIEW_REGISTRY, useExisting: ReviewRegistry },
  ],
  exports: [ACCESS_RULES, ROW_SCOPES, ACCOUNT_RECORDS, REFERENCE_CHECK, SERIAL_CODES, REVIEW_POLICY, REVIEW_REGISTRY],
})
export class ContextPortsModule {}
