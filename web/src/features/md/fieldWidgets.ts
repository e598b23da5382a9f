import type { ComponentType } from 'react';
import { MenuTreeField } from '../system/roles/MenuTreeField';

/** A control a field of one entity takes instead of the kind's own, in its form (value, onChange) and its view (disabled). */
export type FieldWidget = ComponentType<{ value?: unknown; onChange?: (value: never) => void; disabled?: boolean; id?: string }>;

/**
 * Fields that need more than their kind's control, by entity and field: a role's menus are
 * hundreds of codes in a tree, ticked in the user's words (a multiple reference picker listed
 * them flat as codes). One line per field.
 */
export const FIELD_WIDGETS: Readonly<Record<string, Readonly<Record<string, FieldWidget>>>> = {
  role: { menus: MenuTreeField as FieldWidget },
};

export const fieldWidget = (entity: string, field: string): FieldWidget | undefined => FIELD_WIDGETS[entity]?.[field];
