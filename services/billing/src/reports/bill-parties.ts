import { Inject, Injectable } from '@nestjs/common';
import type { KitDocument } from '@tpl/contracts';
import { AuthService } from '@tpl/identity';
import { MASTER_DATA, type MasterData, type MasterRecord } from '@tpl/masterdata';
import type { BillParty } from './bill-pdf';

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A customer or company record as the party a bill names. */
export const partyOf = (record: MasterRecord | undefined, code?: string): BillParty | undefined =>
  record
    ? {
        ...(code ? { code } : {}),
        name: str(record.data.name),
        fullName: str(record.data.fullName),
        address: str(record.data.address),
        taxNumber: str(record.data.taxNumber),
        phone: str(record.data.mobile) || str(record.data.tel),
      }
    : undefined;

/** The warehouse areas a bill's lines name, in line order, each once. */
const areasOf = (bill: KitDocument): string[] => [...new Set(((bill.details as { warehouseAreaCode?: unknown }[] | undefined) ?? []).map((d) => str(d.warehouseAreaCode)).filter(Boolean))];

/**
 * Who a month bill is between, read from master data: the customer by its code, and the issuer,
 * the operating company of the warehouse the bill's areas belong to (the first area up the tree
 * that names its company), else the tenant's one company when it has a single one, else the
 * tenant itself by name (docs/DOMAIN.md "Billing": who issues a month bill).
 */
@Injectable()
export class BillParties {
  constructor(
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  async customer(tenantId: string, bill: KitDocument): Promise<BillParty> {
    const code = str(bill.customerCode);
    return partyOf((await this.masterData.byCodes(tenantId, 'customer', [code])).get(code), code) ?? { code, name: '' };
  }

  async issuer(tenantId: string, bill: KitDocument): Promise<BillParty> {
    const company = await this.companyOfAreas(tenantId, areasOf(bill));
    if (company) return company;
    const companies = await this.masterData.where(tenantId, 'company', {}, 2);
    if (companies.length === 1) return partyOf(companies[0])!;
    return { name: await this.auth.tenantName(tenantId) };
  }

  /** Up the area tree, level by level (a tree is a few levels deep; a cycle ends when nothing new is read). */
  private async companyOfAreas(tenantId: string, start: string[]): Promise<BillParty | undefined> {
    const seen = new Set<string>();
    let codes = start;
    while (codes.length) {
      codes.forEach((c) => seen.add(c));
      const areas = await this.masterData.byCodes(tenantId, 'warehousearea', codes);
      const companyCode = codes.map((c) => str(areas.get(c)?.data.companyCode)).find(Boolean);
      if (companyCode) return partyOf((await this.masterData.byCodes(tenantId, 'company', [companyCode])).get(companyCode));
      codes = [...new Set(codes.map((c) => str(areas.get(c)?.data.parentCode)).filter((p) => p && !seen.has(p)))];
    }
    return undefined;
  }
}
