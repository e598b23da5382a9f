import bwipjs from 'bwip-js';

// PDF rendering (pdfmake, the embedded Noto Sans SC) is the kit's: services/documents/src/output/pdf.ts
export { PDF_FONT, renderPdf, type PdfDefinition } from '@tpl/documents';

/** A Code 128 barcode as a PNG data URL (the text is printed beside it by the layout, selectable). */
export const code128 = async (text: string, height = 12): Promise<string> => {
  const png = await bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height, includetext: false, paddingwidth: 0, paddingheight: 0 });
  return `data:image/png;base64,${png.toString('base64')}`;
};
