import { LANGUAGES } from '@tpl/contracts';
import { demoMenus } from '@tpl/access';
import { contextMenus } from '@tpl/host';
import { messages, type Messages } from '../../web/src/i18n/messages';

const lookup = (tree: Messages, key: string): string | undefined => {
  let node: string | Messages | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

// The menu entries as the console names them (an entry's alias in the user's language, else its name):
// no two entries a user can reach read alike, in any language (issue 28: three finance entries all read 月度计费汇总).
describe('menu words', () => {
  const entries = demoMenus(contextMenus()).menus.filter((m) => m.category === 'MENU');

  it.each(LANGUAGES)('every menu entry has its own words in %s', (lang) => {
    const said = entries.map((m) => ({ code: String(m.code), words: (typeof m.alias === 'string' && lookup(messages[lang], m.alias)) || String(m.name) }));
    const byWords = new Map<string, string[]>();
    for (const s of said) byWords.set(s.words, [...(byWords.get(s.words) ?? []), s.code]);
    const shared = [...byWords].filter(([, codes]) => codes.length > 1);
    expect(shared).toEqual([]);
    // an alias that names no words would show the key itself
    expect(entries.filter((m) => typeof m.alias === 'string' && !lookup(messages[lang], m.alias)).map((m) => m.alias)).toEqual([]);
  });
});
