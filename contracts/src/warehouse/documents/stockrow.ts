/** The stock row line is the kit's (contracts/src/documents/stockrow.ts): every context that takes lines from stock shares it. */
export * from '../../documents/stockrow';
