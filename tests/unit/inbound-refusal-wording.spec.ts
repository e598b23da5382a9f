import { AppError, DEAD_LETTER_TOPIC, deadLetterSchema } from '@tpl/contracts';
import { DocumentNotFound, type DocumentCommands, type DocumentService } from '@tpl/documents';
import type { InboundMessage } from '@tpl/event-store';
import { ConsignmentInbound, type ExternalWording } from '@tpl/transport';
import { consignmentInput } from '../support/fixtures';

// Given a tenant's outerrormsg for a rule's message, when an inbound order is refused by that rule, then the dead letter says the tenant's code and text.
const message = (messageId: string): InboundMessage => ({
  topic: 'tpl.inbound.consignment-orders', partition: 0, offset: '7', key: messageId, value: JSON.stringify(consignmentInput()),
  headers: { 'message-id': messageId, 'tenant-id': '100001' },
});

const inboundRefusing = (external?: ExternalWording) => {
  const sent: { topic: string; value: string; headers: Record<string, string> }[] = [];
  const docs = { detail: async (_def: unknown, _t: string, id: string) => { throw new DocumentNotFound(id); } } as unknown as DocumentService;
  const commands = { create: async () => { throw new AppError(409, 'errors.forbidden'); } } as unknown as DocumentCommands;
  const inbound = new ConsignmentInbound(docs, commands, async () => true, { send: async (ms: typeof sent) => void sent.push(...ms) } as never, external);
  return { inbound, sent };
};

describe('an inbound order refused by a rule', () => {
  it('names our message code, and the tenant’s own code and text for it when its catalogue has them', async () => {
    const external: ExternalWording = async (tenantId, code) => (tenantId === '100001' && code === 'errors.forbidden' ? { externalCode: 'E-403', text: 'Not allowed for your account' } : undefined);
    const { inbound, sent } = inboundRefusing(external);
    const out = await inbound.handle(message('ERP-1'));
    expect(out).toMatchObject({ outcome: 'refused', deadLetter: { reason: 'refused', code: 'errors.forbidden', externalCode: 'E-403', message: 'Not allowed for your account' } });
    expect(sent[0]).toMatchObject({ topic: DEAD_LETTER_TOPIC, headers: { 'refusal-code': 'E-403' } });
    expect(deadLetterSchema.parse(JSON.parse(sent[0]!.value))).toMatchObject({ externalCode: 'E-403' });
  });

  it('without the tenant’s wording: our code and the English words', async () => {
    const { inbound, sent } = inboundRefusing(async () => undefined);
    const out = await inbound.handle(message('ERP-2'));
    expect(out).toMatchObject({ outcome: 'refused', deadLetter: { reason: 'refused', code: 'errors.forbidden', message: 'You are not allowed to do this' } });
    expect(out.outcome === 'refused' && out.deadLetter.externalCode).toBeUndefined();
    expect(sent[0]!.headers['refusal-code']).toBeUndefined();
  });
});
