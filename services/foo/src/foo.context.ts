import type { ServiceContext } from '@tpl/event-store';
import { FooModule } from './foo.module';

export const fooContext: ServiceContext = { name: 'foo', module: () => FooModule };
