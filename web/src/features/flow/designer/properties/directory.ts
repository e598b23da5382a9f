/**
 * Where the properties panel finds the tenant's roles and users for its pickers. The
 * designer page passes one in the modeler's config (`tplDirectory`), backed by the API;
 * the panel's entries read it through the injector (`config.tplDirectory`).
 */
export type PickOption = { value: string; label: string };
export type Directory = {
  roles(): Promise<PickOption[]>;
  users(keyword: string): Promise<PickOption[]>;
};

/** Splits a stored comma-separated value into its items (empty ones dropped, order kept, once each). */
export const splitList = (value: string | undefined | null): string[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

export const joinList = (items: readonly string[]): string | undefined => (items.length ? [...new Set(items)].join(',') : undefined);

/** `${name}` items are process variables, shown as such rather than looked up as accounts. */
export const isVariable = (item: string) => /^\$\{\s*[A-Za-z_][\w.]*\s*\}$/.test(item);
