import type { EntityListExtra, FieldWidget } from '../../shared/context';

export type { FieldWidget };

/**
 * Fields that need more than their kind's control, by entity and field (a role's menus are
 * hundreds of codes in a tree, ticked in the user's words). The entity kit names no context:
 * each registers its own (its front door's `fieldWidgets`), composed at the app's root.
 */
const FIELD_WIDGETS: Record<string, Record<string, FieldWidget>> = {};

export const registerFieldWidgets = (more: Record<string, Record<string, FieldWidget>>): void => {
  for (const [entity, fields] of Object.entries(more)) FIELD_WIDGETS[entity] = { ...FIELD_WIDGETS[entity], ...fields };
};

export const fieldWidget = (entity: string, field: string): FieldWidget | undefined => FIELD_WIDGETS[entity]?.[field];

/** Buttons a context adds to an entity's list (its front door's `listExtras`), by entity. */
const LIST_EXTRAS: Record<string, EntityListExtra> = {};

export const registerListExtras = (more: Record<string, EntityListExtra>): void => void Object.assign(LIST_EXTRAS, more);

export const listExtra = (entity: string): EntityListExtra | undefined => LIST_EXTRAS[entity];
