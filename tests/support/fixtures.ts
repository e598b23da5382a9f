/**
 * The master data consignmentInput() names: references are checked, so these exist in every
 * test host's operator tenants (startTestHost makes them; the demo data has the same codes).
 */
export const CONSIGNMENT_REFS = { customers: ['C001'], materials: ['M0007', 'M0008'] } as const;

/** A valid consignment order as a dispatcher would fill it in. */
export const consignmentInput = (overrides: Record<string, unknown> = {}) => ({
  billDate: '2026-11-23',
  customerCode: 'C001',
  consignor: { name: 'Acme Foods', linkman: 'Li Lei', mobile: '13800138000', address: 'No. 1 Harbor Road, Shanghai' },
  consignee: { name: 'Fresh Mart Pudong', linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street, Shanghai' },
  deliveryMode: 'HOME_DELIVERY',
  plannedDate: '2026-11-24',
  remark: 'Keep dry',
  lines: [
    // the customer's own materials (C001's noodles in the demo master data): an order carries its customer's goods
    { materialCode: 'M0007', name: 'Noodles 500g x20', qty: 10, weg: 100, volume: 0.5, packages: 10 },
    { materialCode: 'M0008', name: 'Noodles 1kg x10', qty: 5, weg: 36, volume: 0.2, packages: 5 },
  ],
  ...overrides,
});

/** The order's dispatch step (issue 14): accepted into notes; no split rows, one note with every line. */
export const dispatchInput = { splits: [] as { noteNo: number; materialCode: string; qty: number }[] };
