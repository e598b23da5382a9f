import { checkCondition, ConditionError, evaluateCondition, isConditionLanguage } from './condition';
import { badAssignmentItems, resolveList } from './assignment';

describe('condition expressions (jexl over the document fields)', () => {
  const consignment = { customerCode: 'C001', totals: { weg: 12000, qty: 5 }, deliveryMode: 'HOME_DELIVERY' };

  it('reads nested fields and compares', () => {
    expect(evaluateCondition('totals.weg > 10000', consignment)).toBe(true);
    expect(evaluateCondition('totals.weg > 10000', { ...consignment, totals: { weg: 800 } })).toBe(false);
  });

  it('combines with && || and membership', () => {
    expect(evaluateCondition('days > 3 && type == "annual"', { days: 5, type: 'annual' })).toBe(true);
    expect(evaluateCondition('days > 3 && type == "annual"', { days: 5, type: 'sick' })).toBe(false);
    expect(evaluateCondition('customerCode in ["C001","C002"]', consignment)).toBe(true);
    expect(evaluateCondition('!(deliveryMode == "CUSTOMER_PICKUP")', consignment)).toBe(true);
  });

  it('a missing field is undefined, so the condition is false rather than an error', () => {
    expect(evaluateCondition('missing > 3', {})).toBe(false);
    expect(evaluateCondition('a.b.c == 1', {})).toBe(false);
  });

  it('takes the result as a boolean', () => {
    expect(evaluateCondition('remark', { remark: 'urgent' })).toBe(true);
    expect(evaluateCondition('remark', { remark: '' })).toBe(false);
  });

  it('cannot call code: function calls and globals are not in the language', () => {
    expect(() => evaluateCondition('process.exit(1)', {})).toThrow(ConditionError);
    expect(() => evaluateCondition('constructor', {})).toThrow(ConditionError);
    // jexl parses call syntax, but only functions registered on our instance exist: none are
    expect(() => evaluateCondition('require("fs")', {})).toThrow(ConditionError);
  });

  it('reports syntax errors before deploy', () => {
    expect(checkCondition('days >')).toEqual({ ok: false, error: expect.any(String) });
    expect(checkCondition('   ')).toEqual({ ok: false, error: 'empty expression' });
    expect(checkCondition('days > 3')).toEqual({ ok: true });
    // calls are parsed by jexl but no function exists: refused before deploy
    expect(checkCondition('require("fs")').ok).toBe(false);
    expect(checkCondition('weight|double > 3').ok).toBe(false);
    // an expression that only fails on missing data is fine to deploy
    expect(checkCondition('lines[0].qty > 1')).toEqual({ ok: true });
  });

  it('accepts an absent or jexl language only', () => {
    expect(isConditionLanguage(undefined)).toBe(true);
    expect(isConditionLanguage('JEXL')).toBe(true);
    expect(isConditionLanguage('javascript')).toBe(false);
  });
});

describe('assignments (accounts, role aliases, ${variable})', () => {
  const vars = { initiator: 'dispatcher', approver: 'approver', team: ['keeper', 'finance'], consignee: { linkman: 'Li' } };

  it('resolves literals and variables, dropping empties and duplicates', () => {
    expect(resolveList('admin, ${approver}, admin', vars)).toEqual(['admin', 'approver']);
    expect(resolveList('${team}', vars)).toEqual(['keeper', 'finance']);
    expect(resolveList('${consignee.linkman}', vars)).toEqual(['Li']);
    expect(resolveList('${nobody}', vars)).toEqual([]);
    expect(resolveList(undefined, vars)).toEqual([]);
  });

  it('finds malformed items', () => {
    expect(badAssignmentItems('admin,${ok},${bad-name},${open')).toEqual(['${bad-name}', '${open']);
    expect(badAssignmentItems('${a.b}')).toEqual([]);
  });
});
