import { isLabels, keysMissing, type Words } from '@tpl/contracts';

/**
 * The words' two checks (tests/unit/i18n.spec.ts): a key one language has and another lacks,
 * and a label set written twice. Pure, so a fixture proves each can fail.
 */

/** Every key that one language has and another lacks (or has empty), as "<lang>: <key>"; empty when the languages agree. */
export { keysMissing };

/** The smallest set of labels that counts as a label set: a lone label said twice is a word, not a set. */
export const SET_SIZE = 3;

type Node = { file: string; path: string; node: Words; size: number };

const canonical = (words: Words): string =>
  `{${Object.keys(words)
    .sort()
    .map((key) => {
      const value = words[key]!;
      return `${JSON.stringify(key)}:${isLabels(value) ? JSON.stringify(value) : canonical(value as Words)}`;
    })
    .join(',')}}`;

/** The first label of a subtree: the same array when the subtree was written once and named from two places (L makes a new one each call). */
const firstLabel = (words: Words): unknown => {
  for (const value of Object.values(words)) {
    const found = isLabels(value) ? value : firstLabel(value as Words);
    if (found) return found;
  }
  return undefined;
};

const labelsCount = (words: Words): number =>
  Object.values(words).reduce((n, value) => n + (isLabels(value) ? 1 : labelsCount(value as Words)), 0);

const nodesOf = (file: string, words: Words, path: string, out: Node[]): Node[] => {
  out.push({ file, path, node: words, size: labelsCount(words) });
  for (const [key, value] of Object.entries(words)) if (!isLabels(value)) nodesOf(file, value as Words, path ? `${path}.${key}` : key, out);
  return out;
};

/**
 * Label sets written twice: two subtrees of the words files (in one file or in two) holding the
 * same keys with the same labels, at least SET_SIZE of them, written twice (two L(...) calls). A
 * set written once and named from two places (the same object under two keys) is not a duplicate. Reported
 * as "<file>:<path> = <file>:<path>", the outermost pair only.
 */
export const duplicatedSets = (files: Record<string, Words>, setSize = SET_SIZE): string[] => {
  const byContent = new Map<string, Node[]>();
  for (const [file, words] of Object.entries(files)) {
    for (const n of nodesOf(file, words, '', [])) {
      if (n.size < setSize) continue;
      const key = canonical(n.node);
      const same = byContent.get(key) ?? [];
      if (!same.some((m) => firstLabel(m.node) === firstLabel(n.node))) same.push(n);
      byContent.set(key, same);
    }
  }
  const pairs = [...byContent.values()].filter((same) => same.length > 1);
  const named = (n: Node) => `${n.file}:${n.path || '(root)'}`;
  const reported = pairs.map((same) => same.map(named));
  // a pair inside a reported pair says nothing new
  const inside = (a: string, b: string) => b.startsWith(`${a}.`) || (a.endsWith(':(root)') && b.startsWith(a.slice(0, -'(root)'.length)));
  return reported
    .filter((names) => !reported.some((outer) => outer !== names && names.every((n) => outer.some((o) => inside(o, n)))))
    .map((names) => names.join(' = '))
    .sort();
};
