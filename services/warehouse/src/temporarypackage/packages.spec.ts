import { PACKAGE_STANDINGS } from '@tpl/contracts';
import { standingOf } from './packages.service';

// Where a temporary package stands: given its bill's state and what the ledger holds under its barcode.
describe("a temporary package's standing", () => {
  it('packed with stock under its barcode: in stock, or allocated once all of it is frozen for an outbound bill', () => {
    expect(standingOf('Packed', 10, 0)).toBe('inStock');
    expect(standingOf('Packed', 10, 4)).toBe('inStock');
    expect(standingOf('Packed', 10, 10)).toBe('allocated');
  });

  it('packed with nothing left under its barcode: gone out whole (shipped), though its bill still reads Packed', () => {
    expect(standingOf('Packed', 0, 0)).toBe('shipped');
  });

  it('opened, not yet packed, or cancelled: as its bill says, whatever the stock', () => {
    expect(standingOf('Unpacked', 0, 0)).toBe('unpacked');
    expect(standingOf('Draft', 0, 0)).toBe('draft');
    expect(standingOf('Cancelled', 0, 0)).toBe('cancelled');
  });

  it('answers only standings the contract names', () => {
    for (const [s, q, d] of [['Packed', 1, 0], ['Packed', 1, 1], ['Packed', 0, 0], ['Unpacked', 0, 0], ['Draft', 0, 0], ['Cancelled', 0, 0]] as const) {
      expect(PACKAGE_STANDINGS).toContain(standingOf(s, q, d));
    }
  });
});
