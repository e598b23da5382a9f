import { Inject, Injectable } from '@nestjs/common';
import type { DocumentDef } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { packCodesOf, withGoodsDefaults } from './defaults';
import { linesOf } from './lines';

/** The IO of the goods documents' defaults: the lines' materials and pack specifications, through master data's port. */
@Injectable()
export class GoodsDefaults {
  constructor(@Inject(MASTER_DATA) private readonly masterData: MasterData) {}

  /** The kit's `complete` for a document with goods lines (defaults.ts says what is filled). */
  for(def: DocumentDef): NonNullable<DocumentDecisions['complete']> {
    const expiring = Boolean(def.lines?.fields.expiringDate);
    return async ({ tenantId, content, db }) => {
      const codes = linesOf(content).map((l) => l.materialCode).filter((c): c is string => typeof c === 'string' && c !== '');
      if (!codes.length) return content;
      const materials = new Map([...(await this.masterData.byCodes(tenantId, 'material', codes, db))].map(([code, r]) => [code, r.data]));
      const packCodes = packCodesOf(content, materials);
      const packs = new Map([...(await this.masterData.byCodes(tenantId, 'packspec', packCodes, db))].map(([code, r]) => [code, r.data]));
      return withGoodsDefaults(content, materials, packs, { expiring });
    };
  }
}
