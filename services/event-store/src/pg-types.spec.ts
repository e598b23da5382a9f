import { types } from 'pg';
import { storeTypes } from './pg-types';

describe('our pools never hand out BigInt', () => {
  const before = { int8: types.getTypeParser(20), jsonb: types.getTypeParser(3802), json: types.getTypeParser(114) };
  // what Emmett's driver layer does to node-postgres' global parsers when it opens a pool
  beforeAll(() => {
    types.setTypeParser(20, (v: string) => BigInt(v));
    types.setTypeParser(3802, () => ({ global: true }));
    types.setTypeParser(114, () => ({ global: true }));
  });
  afterAll(() => {
    types.setTypeParser(20, before.int8);
    types.setTypeParser(3802, before.jsonb);
    types.setTypeParser(114, before.json);
  });

  it('parses jsonb with plain JSON: an integer beyond 2^53 is the nearest number, a long digit string stays text', () => {
    const parse = storeTypes().getTypeParser(3802, 'text') as (v: string) => unknown;
    const v = parse('{"qty": 9007199254740993, "name": "1234567890123456789", "lines": [{"weg": 1e308}]}') as Record<string, unknown>;
    expect(v).toEqual({ qty: 9007199254740992, name: '1234567890123456789', lines: [{ weg: 1e308 }] });
    expect(JSON.stringify(v)).toContain('9007199254740992');
    expect((storeTypes().getTypeParser(114, 'text') as (v: string) => unknown)('[1]')).toEqual([1]);
  });

  it('parses int8 as its decimal text, whatever the global parser says', () => {
    expect((storeTypes().getTypeParser(20, 'text') as (v: string) => unknown)('9223372036854775807')).toBe('9223372036854775807');
  });
});
