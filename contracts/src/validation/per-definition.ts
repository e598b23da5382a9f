/**
 * A schema made from a definition (an entity's, a document type's), made once per definition
 * object and then handed out again: the definitions are constants and zod schemas are
 * immutable, while making one walks every field (a host's start makes hundreds, and a
 * record's submit made its data schema on every request).
 */
export const perDefinition = <D extends object, R>(make: (def: D) => R): ((def: D) => R) => {
  const made = new WeakMap<D, R>();
  return (def) => {
    if (made.has(def)) return made.get(def)!;
    const r = make(def);
    made.set(def, r);
    return r;
  };
};

/** perDefinition for a schema that also depends on a name within the definition (an action's). */
export const perDefinitionAnd = <D extends object, R>(make: (def: D, name: string) => R): ((def: D, name: string) => R) => {
  const made = new WeakMap<D, Map<string, R>>();
  return (def, name) => {
    let byName = made.get(def);
    if (!byName) made.set(def, (byName = new Map()));
    if (byName.has(name)) return byName.get(name)!;
    const r = make(def, name);
    byName.set(name, r);
    return r;
  };
};
