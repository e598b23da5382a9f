import { Controller, Get, Headers, Query } from '@nestjs/common';
import { builtInEnums, documents, entities, languageFromHeader, ok, parseOrThrow, sysenumRoutes as R } from '@tpl/contracts';
import { Meta, type RequestMeta } from '@tpl/identity';

/**
 * GET /api/bl-basic/sysenum/builtin: the enumerations the descriptions define, read-only, beside
 * the tenant's own sysenum records (configuration every signed-in user's forms read, as the
 * dictionary call is).
 */
@Controller()
export class SysenumController {
  @Get(R.builtIn.path)
  builtIn(@Query() query: unknown, @Headers('accept-language') al: string | undefined, @Meta() _meta: RequestMeta) {
    const { code } = parseOrThrow(R.builtIn.query!, query, 'sysenum') as { code?: string };
    return ok(builtInEnums({ entities, documents }, languageFromHeader(al), code));
  }
}
