import type { ArgumentsHost } from '@nestjs/common';
import { HttpException, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { AppError, ValidationError } from '@tpl/contracts';
import { EnvelopeFilter, type Wording } from './envelope.filter';
import { safeJson } from './input-guard';

const answer = (exception: unknown, headers: Record<string, string> = {}, url = '/api/x', signedIn?: { tenantId: string; wording: Wording }) => {
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header() {
      return reply;
    },
    type() {
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const req = { headers, url, method: 'GET', correlationId: 'corr-1', user: signedIn ? { tenantId: signedIn.tenantId } : undefined };
  const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => reply }) } as unknown as ArgumentsHost;
  new EnvelopeFilter('/nonexistent', signedIn?.wording).catch(exception, host);
  return sent;
};

describe('EnvelopeFilter', () => {
  beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('answers an unexpected error with a 500 envelope that leaks no stack, only the correlation id', () => {
    const err = new Error('relation "secret_table" does not exist');
    const sent = answer(err);
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ code: 500, success: false, data: null, msg: '系统繁忙，请稍后再试（追踪号 corr-1）' });
    expect(JSON.stringify(sent.body)).not.toContain('secret_table');
  });

  it('words a validation error in the caller language naming the field', () => {
    const r = z.object({ customerCode: z.string({ error: 'validation.required' }) }).safeParse({});
    const sent = answer(new ValidationError('consignment', r.error!.issues), { 'accept-language': 'en' });
    expect(sent).toEqual({ status: 400, body: { code: 400, success: false, data: null, msg: 'Please input Customer code' } });
  });

  it('translates keys inside an AppError message', () => {
    const sent = answer(new AppError(409, 'errors.forbiddenTransition', {}, { state: 'enum.consignmentState.Signed', action: 'consignment.actions.cancel' }), {
      'accept-language': 'zh-TW',
    });
    expect(sent.body).toMatchObject({ code: 409, msg: '單據當前狀態為「已簽收」，不能執行「作廢」' });
  });

  it('a signed-in user’s 400 and 409 say the tenant’s override of the message, placeholders filled; other tenants and languages keep the words', async () => {
    const wording: Wording = {
      overrides: async (tenantId) => new Map(tenantId === 'T1' ? [['errors.concurrentChange', { en: 'Stale: v{{expected}}' }], ['validation.required', { en: '{{label}} is a must' }]] : []),
    };
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const stale = new AppError(409, 'errors.concurrentChange', { expected: 3 });
    const mine = answer(stale, { 'accept-language': 'en' }, '/api/x', { tenantId: 'T1', wording });
    await settle();
    expect(mine.body).toMatchObject({ code: 409, msg: 'Stale: v3' });
    const r = z.object({ customerCode: z.string({ error: 'validation.required' }) }).safeParse({});
    const invalid = answer(new ValidationError('consignment', r.error!.issues), { 'accept-language': 'en' }, '/api/x', { tenantId: 'T1', wording });
    await settle();
    expect(invalid).toEqual({ status: 400, body: { code: 400, success: false, data: null, msg: 'Customer code is a must' } });
    const other = answer(stale, { 'accept-language': 'en' }, '/api/x', { tenantId: 'T2', wording });
    const chinese = answer(stale, {}, '/api/x', { tenantId: 'T1', wording });
    await settle();
    expect(other.body).toMatchObject({ msg: 'The document was just changed by someone else (you sent version 3); refresh and try again' });
    expect(chinese.body).toMatchObject({ msg: '单据刚被他人修改（你提交的是版本 3），请刷新后重试' });
  });

  it('answers in the words when the catalogue cannot be read', async () => {
    const sent = answer(new AppError(409, 'errors.concurrentChange', { expected: 2 }), { 'accept-language': 'en' }, '/api/x', { tenantId: 'T1', wording: { overrides: () => Promise.reject(new Error('down')) } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.body).toMatchObject({ code: 409, msg: 'The document was just changed by someone else (you sent version 2); refresh and try again' });
  });

  it('answers an unknown API route with a 404 envelope', () => {
    expect(answer(new NotFoundException(), {}, '/api/nope')).toMatchObject({ status: 404, body: { code: 404, success: false } });
  });

  // Fastify's refusals reach the filter as Nest maps them: HttpException(message, status)
  it.each([
    [413, 'Request body is too large', { 'content-type': 'application/json' }, '请求体过大（不能超过1 MB）'],
    [415, 'Unsupported Media Type', { 'content-type': 'application/xml; charset=utf-8' }, '不支持的请求内容类型：application/xml'],
    [400, "Body is not valid JSON but content-type is set to 'application/json'", { 'content-type': 'application/json' }, '请求体不是有效的JSON'],
    [400, 'Something else', {}, '请求格式不正确'],
  ])('words Fastify\'s %s in the caller language with its own status', (status, message, headers, msg) => {
    expect(answer(new HttpException(message, status), { ...headers, 'accept-language': 'zh-CN' })).toEqual({ status, body: { code: status, success: false, data: null, msg } });
  });

  it('a body of the wrong type is malformed, not "please input <entity>"', () => {
    const issues = z.object({ a: z.string() }).safeParse([1]).error!.issues;
    expect(answer(new ValidationError('lgagreement', issues), { 'accept-language': 'zh-CN' })).toMatchObject({ status: 400, body: { msg: '请求体格式不正确' } });
  });
});

describe('safeJson (the reply serializer)', () => {
  it('never fails on a BigInt: a safe one as a number, any other as its digits', () => {
    expect(safeJson({ a: 12n, b: 9007199254740993n, c: [1, 'x'] })).toBe('{"a":12,"b":"9007199254740993","c":[1,"x"]}');
  });
});
