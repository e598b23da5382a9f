import { randomUUID } from 'node:crypto';
import { secbombill } from '@tpl/contracts';
import type { DocumentContext, DocumentKit } from '@tpl/documents';

/**
 * The demo's processing BOM: 安可食品 (C001) kits a gift box (M0018) from a pack of its noodles
 * (M0007, in stock at A-01-01 in the demo month), confirmed, so a production task can be made from
 * it at once. Made once: a tenant that has a BOM already keeps it.
 */
export const seedDemoBom = async (kit: DocumentKit, ctx: DocumentContext, today: string): Promise<boolean> => {
  if (await kit.any(secbombill, ctx.tenantId)) return false;
  const made = await kit.create(secbombill, ctx, { ...secbombill.example, billDate: today }, randomUUID());
  await kit.act(secbombill, ctx, made.id, made.version, 'audit', {});
  return true;
};
