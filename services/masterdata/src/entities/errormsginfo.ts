import { Inject, Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { LANGUAGES, messageTemplate, type Language, type MessageOverrides } from '@tpl/contracts';
import { CACHE_CHANNEL, ChannelCache, DB_POOL, LocalCacheChannel, runInTenant, type CacheChannel } from '@tpl/event-store';
import { RECORDS_TABLE } from '../engine/records.migrations';
import { EntityHooksRegistry, type RecordRow } from '../engine/entity-hooks';

/** The message catalogue's entities: a tenant's own wording of the server's messages, and what external systems receive. */
export const ERRORMSGINFO = 'errormsginfo';
export const OUTERRORMSG = 'outerrormsg';

/** The channel topic of the catalogue: key, the tenant whose records changed. */
export const MESSAGES_TOPIC = 'messages';

const TEXT_FIELD: Record<Language, 'zhText' | 'enText' | 'moText'> = { zh: 'zhText', en: 'enText', mo: 'moText' };

/** What an external system receives for one of our message codes (outerrormsg). */
export type ExternalMessage = { code: string; externalCode: string; text: string };

/** The port the host's answers (and any other context's) read a tenant's wording through. */
export interface MessageWording {
  /** The tenant's live overrides, by message key (few: cached per tenant, dropped on every host when one is written). */
  overrides(tenantId: string): Promise<MessageOverrides>;
}
export const MESSAGE_WORDING = Symbol('MESSAGE_WORDING');

type Row = { code: string; data: Record<string, unknown> };

/**
 * The tenant's message catalogue (errormsginfo, outerrormsg in md_records), read through a
 * cache per tenant: a tenant overrides few messages, and every 400/409 its users get asks.
 * Any write of either entity drops the tenant's entries on every host (the cache channel).
 */
@Injectable()
export class MessageCatalogue implements MessageWording {
  private readonly cache = new ChannelCache<Map<string, Row>>({ ttlMs: 5 * 60_000 });

  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Optional() @Inject(CACHE_CHANNEL) readonly channel: CacheChannel = new LocalCacheChannel(),
  ) {
    this.cache.listen(channel, MESSAGES_TOPIC);
  }

  private records(tenantId: string, entity: string): Promise<Map<string, Row>> {
    return this.cache.get(`${entity}\u0000${tenantId}`, [tenantId], () =>
      // read in the tenant's own scope whatever the caller's (an error answered after the request's scope closed)
      runInTenant(tenantId, async () => {
        const { rows } = await this.pool.query<Row>(
          `SELECT code, data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code IS NOT NULL`,
          [tenantId, entity],
        );
        return new Map(rows.filter((r) => Number(r.data.invalid ?? 0) !== 1).map((r) => [r.code, r]));
      }),
    );
  }

  async overrides(tenantId: string): Promise<MessageOverrides> {
    const out = new Map<string, Partial<Record<Language, string>>>();
    for (const [code, r] of await this.records(tenantId, ERRORMSGINFO)) {
      const texts: Partial<Record<Language, string>> = {};
      for (const lang of LANGUAGES) {
        const t = r.data[TEXT_FIELD[lang]];
        if (typeof t === 'string' && t.trim() !== '') texts[lang] = t;
      }
      out.set(code, texts);
    }
    return out;
  }

  /**
   * What an external system receives for a message: the tenant's outerrormsg record of that code
   * (its external code; its text in the language, else Chinese, placeholders filled), or
   * undefined when the tenant has none (the caller keeps its own wording).
   */
  async external(tenantId: string, key: string, lang: Language, vars: Record<string, string | number> = {}): Promise<ExternalMessage | undefined> {
    const r = (await this.records(tenantId, OUTERRORMSG)).get(key);
    if (!r) return undefined;
    const own = [r.data[TEXT_FIELD[lang]], r.data.zhText].find((t): t is string => typeof t === 'string' && t.trim() !== '') ?? key;
    return { code: key, externalCode: String(r.data.externalCode ?? key), text: own.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? '')) };
  }
}

/** The words' own text of a message key in each language, placeholders unfilled (empty where the key is none of the words'). */
export const defaultTexts = (code: string): { defaultZh: string; defaultEn: string; defaultMo: string } => {
  const text = (lang: Language) => messageTemplate(lang, code) ?? '';
  return { defaultZh: text('zh'), defaultEn: text('en'), defaultMo: text('mo') };
};

/**
 * The catalogue entities' hooks: a message record's rows show the words' default texts beside the
 * override (never stored: the words may change with a release); a write drops the tenant's cached
 * catalogue on every host.
 */
@Injectable()
export class MessageCatalogueHooks implements OnModuleInit {
  constructor(
    @Inject(EntityHooksRegistry) private readonly hooks: EntityHooksRegistry,
    @Inject(MessageCatalogue) private readonly catalogue: MessageCatalogue,
  ) {}

  onModuleInit() {
    const changed = (tenantId: string) => void this.catalogue.channel.publish(MESSAGES_TOPIC, tenantId);
    this.hooks.register(ERRORMSGINFO, {
      rows: async (_tenantId, rows: RecordRow[]) => rows.map((r) => ({ ...r, ...defaultTexts(String(r.code ?? '')) })),
      changed,
    });
    this.hooks.register(OUTERRORMSG, { changed });
  }
}
