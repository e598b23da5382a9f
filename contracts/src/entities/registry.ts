import type { EntityDef } from './define';
import { customer } from './basic/customer';
import { lgagreement } from './basic/lgagreement';
import { material } from './basic/material';
import { warehousearea } from './basic/warehousearea';

/**
 * Every entity type the framework serves. Adding one: its schema file, one line here,
 * and nothing else (labels live in the schema file). See docs/ARCHITECTURE.md.
 */
export const entities: readonly EntityDef[] = [customer, material, warehousearea, lgagreement];

export const entityByName = (name: string): EntityDef | undefined => entities.find((e) => e.name === name);
