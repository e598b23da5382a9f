const names: string[] = [];

/**
 * Every registered entity's name, filled by the registry once it has loaded. A description
 * that validates against the list (the data scope's resource) reads it late, when a record
 * is validated, and so need not import the registry that lists it: no import cycle.
 */
export const registeredEntityNames = (): readonly string[] => names;
export const registerEntityNames = (list: readonly string[]): void => {
  names.splice(0, names.length, ...list);
};
