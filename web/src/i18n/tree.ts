/** The shape of a words tree, and the deep merge the console's composition uses (i18n/messages.ts). */
export type Messages = { [key: string]: string | Messages };


/** Deep merge: objects merge key by key, a string of `extra` replaces what `base` had. */
export const mergeMessages = (base: Messages, extra: Messages): Messages => {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
  }
  return out;
};
