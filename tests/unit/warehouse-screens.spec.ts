import { documentByName, inventorylossbill, isinstockbill, osoutstockbill, screenPath, showImagePath, type KitDocument } from '@tpl/contracts';
import { holdsImages, imagesOf } from '../../web/src/features/warehouse/screens/images';

/** The photos screen (/inWarehouseManagement/showImage/:type/:id): every image of a document, wherever its description keeps it. */
const doc = (content: Record<string, unknown>): KitDocument => ({ id: 'd1', billNo: 'RK1', version: 1, state: 'Draft', ...content }) as KitDocument;

describe('the read-only warehouse screens', () => {
  it("finds a bill's photos in its header rows, and only attachments that are images", () => {
    const found = imagesOf(isinstockbill, doc({ photos: [{ attachId: 'a1' }, { attachId: 'a2' }, { attachId: '' }], carNo: 'a3', details: [{ lineNumber: 1, materialCode: 'M1' }] }));
    expect(found.map((i) => [i.id, i.label[1], i.lineNumber])).toEqual([['a1', 'Photo', undefined], ['a2', 'Photo', undefined]]);
    expect(imagesOf(isinstockbill, doc({}))).toEqual([]);
  });

  it("finds a delivery's signature and photos where its signing landed, each once", () => {
    const delivery = documentByName('deliverybill')!;
    expect(holdsImages(delivery)).toBe(true);
    const signed = doc({ signature: 's1', photos: [{ attachId: 'p1' }], lastSign: { signature: 's1', photos: [{ attachId: 'p2' }] } });
    expect(imagesOf(delivery, signed).map((i) => i.id)).toEqual(['s1', 'p1', 'p2']);
  });

  it('offers the photos screen on the documents that can hold photos, and each screen names the document by its route', () => {
    expect([isinstockbill, inventorylossbill, osoutstockbill].map(holdsImages)).toEqual([true, true, false]);
    expect(screenPath('preparation', 'x1')).toBe('/outWarehouseManagement/osoutstockbillFormBhView/x1');
    expect(screenPath('stockBatch', 'x1')).toBe('/warehousingManagement/stockBatchForm/x1');
    expect(showImagePath('inventorylossbill', 'x1')).toBe('/inWarehouseManagement/showImage/inventorylossbill/x1');
  });
});
