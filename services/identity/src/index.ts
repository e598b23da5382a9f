export * from './auth-user';
export * from './auth.service';
export * from './auth.guard';
export * from './current-user';
export * from './identity.module';
export * from './identity.migrations';
export * from './seed';
export * from './http';
