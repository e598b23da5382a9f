export * from './tpl-moddle';
export * from './condition';
export * from './assignment';
export * from './samples';
export * from './model';
