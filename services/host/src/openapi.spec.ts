import { buildOpenApi, lazyOpenApi } from './openapi';

describe('the OpenAPI document, built on first read', () => {
  it('is not built until read, then built once and read whole (as JSON and by key)', () => {
    let builds = 0;
    const doc = lazyOpenApi(() => {
      builds++;
      return { openapi: '3.0.3', paths: { '/a': { get: { summary: 'A' } } } };
    });
    expect(builds).toBe(0);
    expect(JSON.parse(JSON.stringify(doc))).toEqual({ openapi: '3.0.3', paths: { '/a': { get: { summary: 'A' } } } });
    expect((doc as { openapi: string }).openapi).toBe('3.0.3');
    expect('paths' in doc).toBe(true);
    expect(Object.keys(doc)).toEqual(['openapi', 'paths']);
    expect({ ...doc }).toEqual({ openapi: '3.0.3', paths: { '/a': { get: { summary: 'A' } } } });
    expect(builds).toBe(1);
  });

  it('reads as the document buildOpenApi makes', () => {
    expect(JSON.parse(JSON.stringify(lazyOpenApi()))).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });
});
