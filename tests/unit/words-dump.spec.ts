import { writeFileSync } from 'node:fs';
import { wordsDump } from '../support/words-dump';

/** Writes every word to $WORDS_DUMP when set (tests/support/words-dump.ts says why); otherwise checks the dump is whole. */
describe('words dump', () => {
  it('lists every word in each language', () => {
    const dump = wordsDump();
    if (process.env.WORDS_DUMP) writeFileSync(process.env.WORDS_DUMP, dump);
    const lines = dump.trimEnd().split('\n');
    const perLanguage = (lang: string) => lines.filter((l) => l.startsWith(`${lang}\t`)).length;
    expect(perLanguage('zh')).toBeGreaterThan(1000);
    expect(perLanguage('en')).toBe(perLanguage('zh'));
    expect(perLanguage('mo')).toBe(perLanguage('zh'));
  });
});
