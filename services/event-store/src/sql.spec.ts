import { asText, inlineParams, joined, keepNamedStatements, params, prepared, sql, withParts } from './sql';

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

describe('params: a parameterised statement that may also travel as text', () => {
  it('keeps objects as their JSON text, so sent with bind values or written in, a jsonb column gets the same', () => {
    const p = params('INSERT INTO t (a, b, c, d) VALUES ($1, $2, $3, $4)', ["O'Brien", 7, { k: ['x'] }, null]);
    expect(p.values).toEqual(["O'Brien", 7, '{"k":["x"]}', null]);
    expect(asText(p)).toBe(`INSERT INTO t (a, b, c, d) VALUES ('O''Brien', 7, '{"k":["x"]}', NULL)`);
    // what sql() makes is text already
    expect(asText(sql('SELECT %L', 1))).toBe('SELECT 1');
    expect(joined([p, sql('SELECT %L', 'x')])).toBe(`${asText(p)};\nSELECT 'x'`);
  });

  it('refuses a text where a $n could be inside a literal or a comment, and a placeholder with no value', () => {
    expect(() => params(`SELECT $1 WHERE a = 'x'`, [1])).toThrow(/quotes or comments/);
    expect(() => params('SELECT $1 -- $2', [1])).toThrow(/quotes or comments/);
    expect(() => params('DO $$ BEGIN END $$', [])).toThrow(/quotes or comments/);
    expect(() => asText(params('SELECT $2', [1]))).toThrow('no value for $2');
  });

  it('makes statements parts (WITH) of a main one, their placeholders after its values', () => {
    const main = { text: 'SELECT * FROM f($1, $2)', values: ['m1', 'm2'] };
    const merged = withParts(main, [params('INSERT INTO a VALUES ($1, $2, $1)', ['a1', 'a2']), params('UPDATE b SET x = $1', ['b1'])]);
    expect(merged.text).toBe('WITH w1 AS (INSERT INTO a VALUES ($3, $4, $3)),\nw2 AS (UPDATE b SET x = $5)\nSELECT * FROM f($1, $2)');
    expect(merged.values).toEqual(['m1', 'm2', 'a1', 'a2', 'b1']);
    expect(withParts(main, [])).toEqual(main);
  });
});
