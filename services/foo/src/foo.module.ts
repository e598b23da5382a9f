import { Module } from '@nestjs/common';

/** An empty context (scratch: counting the files a new context touches). */
@Module({})
export class FooModule {}
