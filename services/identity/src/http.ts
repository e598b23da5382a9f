import { applyDecorators, HttpCode, Post } from '@nestjs/common';

/** POST answering 200: the envelope's code is 200 on success for commands too (DESIGN section 5). */
export const PostOk = (path: string) => applyDecorators(Post(path), HttpCode(200));
