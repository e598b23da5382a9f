/**
 * A reference field's `pick` as the form holds it (`pick: { custCode: '$customerCode' }`: a line's
 * materials are the header's owner's): each `$field` reads that field of the form; while it is
 * empty the parameter is left out and the field is named in `missing` (the quote dialog waits for
 * it). The single picker and the quote dialog read one pick, so both offer the same records.
 */
export const resolvePick = (
  pick: Readonly<Record<string, string>> | undefined,
  values: Record<string, unknown> | undefined,
): { pick: Record<string, string>; missing: string[] } => {
  const resolved: Record<string, string> = {};
  const missing: string[] = [];
  for (const [param, value] of Object.entries(pick ?? {})) {
    if (!value.startsWith('$')) {
      resolved[param] = value;
      continue;
    }
    const held = values?.[value.slice(1)];
    if (typeof held === 'string' && held !== '') resolved[param] = held;
    else missing.push(value.slice(1));
  }
  return { pick: resolved, missing };
};
