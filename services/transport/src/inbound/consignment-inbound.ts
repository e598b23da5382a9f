import { createHash } from 'node:crypto';
import {
  AppError,
  DEAD_LETTER_TOPIC,
  MESSAGE_HEADERS as H,
  ValidationError,
  consignmentDocument as consignment,
  documentSubmitSchemaOf,
  formatIssues,
  inboundHeadersSchema,
  translate,
  type Actor,
  type DeadLetter,
  type Refusal,
} from '@tpl/contracts';
import { StaleVersionError, runInTenant, type InboundMessage, type MessageSink } from '@tpl/event-store';
import { DocumentNotFound, type DocumentCommands, type DocumentService } from '@tpl/documents';

/** Who made a document that arrived from a customer's system (its history shows this actor). */
export const INTEGRATION_ACTOR: Actor = { userId: '00000000-0000-0000-0000-00000000000a', account: 'integration', name: 'Integration' };

/**
 * The document id of an inbound order: a UUID made from the tenant and the sender's message
 * id (SHA-1 name-based, RFC 4122 version 5 layout), so a second delivery of the same message
 * names the same document and the store itself refuses to make it twice.
 */
export const inboundDocumentId = (tenantId: string, messageId: string): string => {
  const h = createHash('sha1').update(`tpl.inbound.consignment:${tenantId}:${messageId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
};

export type InboundOutcome =
  | { outcome: 'created'; id: string; billNo: string }
  | { outcome: 'duplicate'; id: string }
  | { outcome: 'refused'; deadLetter: DeadLetter };

/** Does this tenant exist (and may take orders)? Answered by identity through the host. */
export type TenantCheck = (tenantId: string) => Promise<boolean>;

/**
 * What the sending system receives for one of our message codes: the tenant's outerrormsg
 * record's external code and text (in English, else Chinese), or undefined when it has none.
 * Answered by master data's message catalogue through the host.
 */
export type ExternalWording = (tenantId: string, code: string, vars: Record<string, string | number>) => Promise<{ externalCode: string; text: string } | undefined>;

class Refused extends Error {
  constructor(
    readonly reason: Refusal,
    message: string,
    readonly fields: { field: string; message: string }[] = [],
    /** a rule's refusal: its message code and the vars that fill it */
    readonly code?: { key: string; vars: Record<string, string | number> },
  ) {
    super(message);
  }
}

const submit = documentSubmitSchemaOf(consignment);

/** An error of the document kit in English, for the dead letter. */
const describe = (err: unknown): Refused | undefined => {
  if (err instanceof ValidationError) {
    const fields = formatIssues(err.issues, err.entity, 'en', err.input);
    return new Refused('unknownReference', [...new Set(fields.map((f) => f.message))].join('; '), fields);
  }
  if (err instanceof AppError) {
    const vars: Record<string, string | number> = { ...err.vars };
    for (const [k, key] of Object.entries(err.keyVars)) vars[k] = translate('en', key);
    return new Refused('refused', translate('en', err.key, vars), [], { key: err.key, vars });
  }
  return undefined;
};

/**
 * Consignment orders from a customer's system (topic tpl.inbound.consignment-orders) become
 * draft consignment orders through the document kit, exactly as the console's submit makes
 * them (the same schema, reference checks, bill number and events). Idempotent by message id;
 * a message that cannot become an order goes to the dead-letter topic with the reason and is
 * not retried. A failure of the product itself (the database down) is thrown: the consumer
 * does not commit the offset, and the message comes again.
 */
export class ConsignmentInbound {
  constructor(
    private readonly docs: DocumentService,
    /** the kit's commands (through the CommandBus) */
    private readonly commands: DocumentCommands,
    private readonly tenantExists: TenantCheck,
    private readonly deadLetters: MessageSink,
    /** the tenant's wording for external systems (outerrormsg); without it, our code and English words */
    private readonly external?: ExternalWording,
  ) {}

  /** Our code of a rule's refusal, and the tenant's own code and text for it when it has them. */
  private async worded(m: InboundMessage, refused: Refused): Promise<Pick<DeadLetter, 'message' | 'code' | 'externalCode'>> {
    if (!refused.code) return { message: refused.message };
    const tenantId = m.headers[H.tenantId];
    const own = tenantId && this.external ? await this.external(tenantId, refused.code.key, refused.code.vars) : undefined;
    return own ? { message: own.text, code: refused.code.key, externalCode: own.externalCode } : { message: refused.message, code: refused.code.key };
  }

  async handle(m: InboundMessage): Promise<InboundOutcome> {
    try {
      return await this.take(m);
    } catch (err) {
      const refused = err instanceof Refused ? err : undefined;
      if (!refused) throw err;
      const deadLetter: DeadLetter = {
        reason: refused.reason,
        ...(await this.worded(m, refused)),
        fields: refused.fields,
        topic: m.topic,
        partition: m.partition,
        offset: m.offset,
        key: m.key,
        headers: m.headers,
        value: m.value,
        refusedAt: new Date().toISOString(),
      };
      await this.deadLetters.send([
        {
          topic: DEAD_LETTER_TOPIC,
          key: m.key ?? m.headers[H.messageId] ?? `${m.topic}-${m.partition}-${m.offset}`,
          value: JSON.stringify(deadLetter),
          headers: {
            ...m.headers,
            'refusal-reason': refused.reason,
            'refused-from': `${m.topic}/${m.partition}/${m.offset}`,
            ...(deadLetter.externalCode ? { 'refusal-code': deadLetter.externalCode } : {}),
          },
        },
      ]);
      return { outcome: 'refused', deadLetter };
    }
  }

  private async take(m: InboundMessage): Promise<InboundOutcome> {
    const headers = inboundHeadersSchema.safeParse(m.headers);
    if (!headers.success) {
      throw new Refused('invalidHeaders', `headers ${H.messageId} (1 to 200 characters) and ${H.tenantId} (6 digits) are required`);
    }
    const messageId = headers.data[H.messageId];
    const tenantId = headers.data[H.tenantId];
    if (!(await this.tenantExists(tenantId))) throw new Refused('unknownTenant', `no tenant ${tenantId}`);
    let body: unknown;
    try {
      body = JSON.parse(m.value ?? '');
    } catch {
      throw new Refused('invalidJson', 'the value is not JSON');
    }
    const parsed = submit.safeParse(body);
    if (!parsed.success) {
      const fields = formatIssues(parsed.error.issues, consignment.name, 'en', body);
      throw new Refused('invalidContent', [...new Set(fields.map((f) => f.message))].join('; '), fields);
    }
    if (parsed.data.id !== undefined) throw new Refused('invalidContent', 'an inbound order makes a new draft: it carries no id');
    const id = inboundDocumentId(tenantId, messageId);
    const correlation = m.headers[H.correlationId];
    const ctx = {
      tenantId,
      actor: INTEGRATION_ACTOR,
      correlationId: correlation && /^[\w.-]{1,64}$/.test(correlation) ? correlation : id,
      causationId: `inbound-${messageId}`.slice(0, 200),
    };
    return runInTenant(tenantId, async () => {
      if (await this.exists(tenantId, id)) return { outcome: 'duplicate', id };
      try {
        const made = await this.commands.create(consignment, ctx, parsed.data.content, id);
        return { outcome: 'created', id: made.id, billNo: made.billNo };
      } catch (err) {
        // the same message taken at the same time by another consumer: it made the order
        if (err instanceof StaleVersionError || (err instanceof AppError && err.code === 409 && (await this.exists(tenantId, id)))) return { outcome: 'duplicate', id };
        const refused = describe(err);
        if (refused) throw refused;
        throw err;
      }
    });
  }

  private async exists(tenantId: string, id: string): Promise<boolean> {
    try {
      await this.docs.detail(consignment, tenantId, id);
      return true;
    } catch (err) {
      if (err instanceof DocumentNotFound) return false;
      throw err;
    }
  }
}
