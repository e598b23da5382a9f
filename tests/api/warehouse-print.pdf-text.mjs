// Reads a PDF from standard input and prints the text of each page as a JSON array (pdf.js,
// as a browser's viewer reads it). Run as a child process: pdfjs-dist is ES modules only,
// which the test runner's CommonJS cannot load.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
const pages = [];
for (let i = 1; i <= pdf.numPages; i++) {
  const content = await (await pdf.getPage(i)).getTextContent();
  pages.push(content.items.map((item) => item.str ?? '').join(' '));
}
process.stdout.write(JSON.stringify(pages));
