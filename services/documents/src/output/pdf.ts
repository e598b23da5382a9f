import fs from 'node:fs';
import path from 'node:path';

/**
 * PDF output on the server: pdfmake (over pdfkit) with Noto Sans SC embedded (the
 * @embedpdf/fonts-sc package, SIL OFL 1.1: Chinese in both scripts, Latin and digits;
 * pdfkit embeds only the glyphs a document uses). Nothing is
 * fetched: pdfmake may read neither URLs nor local files, only the fonts put in its
 * virtual file system here. The kit's, so every context prints the same way (warehouse
 * labels and notes, billing's customer bill).
 */
export type PdfDefinition = Record<string, unknown>;
type PdfMake = {
  virtualfs: { writeFileSync(name: string, data: Buffer): void };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (file: string) => boolean): void;
  createPdf(definition: PdfDefinition): { getBuffer(): Promise<Buffer> };
};

export const PDF_FONT = 'NotoSansSC';
let ready: PdfMake | undefined;

const pdfmake = (): PdfMake => {
  if (ready) return ready;
  // pdfmake ships no types; its server entry is CommonJS
  const lib = require('pdfmake') as PdfMake;
  const fonts = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
  lib.virtualfs.writeFileSync('NotoSansSC-Regular.otf', fs.readFileSync(path.join(fonts, 'NotoSansHans-Regular.otf')));
  lib.virtualfs.writeFileSync('NotoSansSC-Bold.otf', fs.readFileSync(path.join(fonts, 'NotoSansHans-Bold.otf')));
  const face = { normal: 'NotoSansSC-Regular.otf', bold: 'NotoSansSC-Bold.otf', italics: 'NotoSansSC-Regular.otf', bolditalics: 'NotoSansSC-Bold.otf' };
  lib.setFonts({ [PDF_FONT]: face });
  lib.setUrlAccessPolicy(() => false);
  lib.setLocalAccessPolicy(() => false);
  ready = lib;
  return lib;
};

/** A document definition rendered to PDF bytes, in the embedded font. */
export const renderPdf = async (definition: PdfDefinition): Promise<Buffer> => {
  const defaultStyle = { font: PDF_FONT, fontSize: 9, ...((definition.defaultStyle as object | undefined) ?? {}) };
  return pdfmake().createPdf({ ...definition, defaultStyle }).getBuffer();
};

/**
 * The time zone paper is printed in: the operator's business zone (BUSINESS_TZ, default
 * Asia/Shanghai), the one bill numbers, business days and month bills count in. Every printed
 * document names it beside its times, so a reader in another zone is not misled.
 */
export const printTimeZone = (): string => process.env.BUSINESS_TZ || 'Asia/Shanghai';

const printFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as yyyy-MM-dd HH:mm:ss in the print time zone; '' when absent, the text itself when not a time. */
export const printTime = (at: Date | string | undefined | null, timeZone = printTimeZone()): string => {
  if (!at) return '';
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return String(at);
  let format = printFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    printFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};
