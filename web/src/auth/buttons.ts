import { usePermissions } from './permissions';

export { flattenButtons } from './permissions';

/**
 * The button check screens use: `has(code)` for a button whose code the user's roles must hold
 * (admin and the wildcard pass). The server refuses the command anyway.
 */
export const useButtons = (): ((code: string) => boolean) => usePermissions().hasPermission;
