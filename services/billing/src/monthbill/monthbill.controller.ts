import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { billingRoutes as R, monthbill, ok, parseOrThrow, type ExplainQuery, type GenerateMonthBills } from '@tpl/contracts';
import { ButtonCheck, Meta, ROW_SCOPES, actorOf, ownerScopeOf, type RequestMeta, type RowScopes } from '@tpl/identity';
import { MonthBills } from './month-bills';

/** The month bill's routes beside what the kit serves: generate (a button of its own), explain and reproduce (reads, within the caller's scopes). */
export const GENERATE_BUTTON = `${monthbill.name}_generate`;

@Controller()
export class MonthBillController {
  constructor(
    @Inject(MonthBills) private readonly bills: MonthBills,
    @Inject(ButtonCheck) private readonly buttons: ButtonCheck,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
  ) {}

  @Post(R.generateMonthBills.path)
  @HttpCode(200)
  async generate(@Body() body: unknown, @Meta() meta: RequestMeta) {
    await this.buttons.require(meta.user, GENERATE_BUTTON);
    const q = parseOrThrow(R.generateMonthBills.body!, body, 'monthbill') as GenerateMonthBills;
    const owners = ownerScopeOf(meta.user);
    // a cargo owner's user (given the button) makes only its own customer's bill
    const customerCode = owners.all ? q.customerCode : owners.customers[0];
    return ok(
      await this.bills.generate({ tenantId: meta.user.tenantId, actor: actorOf(meta.user), correlationId: meta.correlationId, causationId: meta.commandId }, q.month, customerCode),
    );
  }

  @Get(R.explainMonthBill.path)
  async explain(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.explainMonthBill.query!, query, 'monthbill') as ExplainQuery;
    return ok(await this.bills.explain(meta.user.tenantId, q, await this.scopes.rowScope(meta.user, monthbill.name), ownerScopeOf(meta.user)));
  }

  @Get(R.reproduceMonthBill.path)
  async reproduce(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.reproduceMonthBill.query!, query, 'monthbill') as { id: string };
    return ok(await this.bills.reproduce(meta.user.tenantId, q.id, await this.scopes.rowScope(meta.user, monthbill.name), ownerScopeOf(meta.user)));
  }
}
