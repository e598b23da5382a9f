export * from './foo.module';
export * from './foo.context';
