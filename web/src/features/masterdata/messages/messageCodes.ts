/** One message the server may answer with: its key (what a catalogue record names) and its words in the reader's language. */
export type MessageChoice = { code: string; text: string };

/** Whether a key names a message the server answers with: under an `errors` or `validation` group, at the top or one level down (errors.…, warehouse.errors.…). */
const isMessageKey = (path: readonly string[]): boolean => path.slice(0, 2).some((p) => p === 'errors' || p === 'validation') && path.length > 1;

/**
 * The server's messages in a language's words tree, sorted by key: every leaf text under an
 * `errors` or `validation` group (the words the server answers 400 and 409 with). What a
 * catalogue record's code is chosen from: no key is typed.
 */
export const messageChoices = (tree: unknown): MessageChoice[] => {
  const out: MessageChoice[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (isMessageKey(path)) out.push({ code: path.join('.'), text: node });
      return;
    }
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
  };
  walk(tree, []);
  return out.sort((a, b) => a.code.localeCompare(b.code));
};
