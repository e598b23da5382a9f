import { LANGUAGES, type Language } from './languages';

/**
 * The one shape of words: a label in the three languages, `L(zh, en, mo)`, standing with the
 * thing it labels (a field of a description, a key of a words file). A missing translation
 * cannot compile, and a key cannot be in one language and not in another.
 */
export type Labels = readonly [zh: string, en: string, mo: string];

/** A label in zh, en and mo (Simplified Chinese, English, Traditional Chinese of Macau). */
export const L = (zh: string, en: string, mo: string): Labels => [zh, en, mo];

/** A words file's tree: keys (`<context>.<area>.<name>`) down to labels. */
export type Words = { readonly [key: string]: Labels | Words };

/** One language's words as i18next reads them (and the server's translate()). */
export type WordTree = { [key: string]: string | WordTree };

export const isLabels = (value: unknown): value is Labels =>
  Array.isArray(value) && value.length === 3 && value.every((s) => typeof s === 'string');

/** The position of a language in a label: zh 0, en 1, mo 2. */
export const langIndex = (lang: Language): 0 | 1 | 2 => LANGUAGES.indexOf(lang) as 0 | 1 | 2;

/** A label said in one language. */
export const labelIn = (label: Labels, lang: Language): string => label[langIndex(lang)];

/** A tree of labels said in one language. */
export const treeIn = (words: Words, lang: Language): WordTree =>
  Object.fromEntries(Object.entries(words).map(([key, value]) => [key, isLabels(value) ? labelIn(value, lang) : treeIn(value as Words, lang)]));

/** A tree of labels as the three languages' resources, the shape i18next and translate() read. */
export const wordsIn = (words: Words): Record<Language, WordTree> => ({
  zh: treeIn(words, 'zh'),
  en: treeIn(words, 'en'),
  mo: treeIn(words, 'mo'),
});

const flatten = (tree: WordTree, prefix = ''): [key: string, text: string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : flatten(value, path);
  });

/**
 * Every key that one language has and another lacks, as "<lang>: <key>" (empty when the three
 * languages agree); a key whose text is empty is reported too. Words files cannot differ (a
 * label has its three languages), but a composition of them with derived words could.
 */
export const keysMissing = (trees: Record<Language, WordTree>): string[] => {
  const entries = LANGUAGES.map((lang) => [lang, new Map(flatten(trees[lang]))] as const);
  const every = [...new Set(entries.flatMap(([, texts]) => [...texts.keys()]))].sort();
  const missing: string[] = [];
  for (const [lang, texts] of entries) {
    for (const key of every) {
      const text = texts.get(key);
      if (text === undefined) missing.push(`${lang}: ${key}`);
      else if (text.trim() === '') missing.push(`${lang}: ${key} (empty)`);
    }
  }
  return missing;
};
