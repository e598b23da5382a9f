import { inlineParams, keepNamedStatements, prepared, sql } from './sql';

describe('sql', () => {
  it('writes %L values as escaped literals and %I as identifiers', () => {
    expect(sql('SELECT %L, %L, %L, %I', "O'Brien", 5, null, 'my table')).toBe(`SELECT 'O''Brien', 5, NULL, "my table"`);
    expect(() => sql('SELECT %L', 1, 2)).toThrow('2 values for 1 placeholders');
  });
});

describe('inlineParams: a statement with its bind values written in, as the driver sends them', () => {
  it('writes each $n as the literal of its value (text, numbers, arrays, json, dates, null)', () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    expect(inlineParams('INSERT INTO t (a, b, c, d, e, f) VALUES ($1, $2, $3, $4, $5, $6)', ["O'Brien", 12, ['x', 'y"z'], { k: 1 }, at, null])).toBe(
      `INSERT INTO t (a, b, c, d, e, f) VALUES ('O''Brien', '12',  E'{"x","y\\\\"z"}', '{"k":1}', '${at.toISOString().replace('Z', '+00:00')}', NULL)`,
    );
    // $1 used twice, $10 is not $1 followed by 0
    const ten = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inlineParams('SELECT $1, $10, $1', ten)).toBe(`SELECT 'v1', 'v10', 'v1'`);
    expect(inlineParams('SELECT 1', [])).toBe('SELECT 1');
  });

  it('refuses what it cannot write safely: quotes, dollar quoting, comments, a missing value, binary', () => {
    expect(inlineParams(`SELECT $1 WHERE x = 'a$1'`, ['v'])).toBeUndefined();
    expect(inlineParams('SELECT $1 AS "$1"', ['v'])).toBeUndefined();
    expect(inlineParams('DO $$ BEGIN PERFORM $1; END $$', ['v'])).toBeUndefined();
    expect(inlineParams('SELECT $1 -- $2', ['v', 'w'])).toBeUndefined();
    expect(inlineParams('SELECT $1 /* $2 */', ['v', 'w'])).toBeUndefined();
    expect(inlineParams('SELECT $2', ['v'])).toBeUndefined();
    expect(inlineParams('SELECT $1', [Buffer.from('x')])).toBeUndefined();
  });
});

describe('prepared', () => {
  it('names a statement after its text where the pool keeps named statements, and leaves it unnamed elsewhere', () => {
    const kept = keepNamedStatements({});
    const a = prepared(kept, 'SELECT $1', [1]);
    expect(a).toEqual({ name: expect.stringMatching(/^tpl_[0-9a-f]{24}$/), text: 'SELECT $1', values: [1] });
    expect(prepared(kept, 'SELECT $1', [2]).name).toBe(a.name);
    expect(prepared(kept, 'SELECT $1 + 1', [2]).name).not.toBe(a.name);
    expect(prepared({}, 'SELECT $1', [1])).toEqual({ text: 'SELECT $1', values: [1] });
  });
});
