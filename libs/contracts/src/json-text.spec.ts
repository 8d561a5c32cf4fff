import { hasUnicodeEscape, JSON_MAX_DEPTH, jsonBodyProblem } from './json-text';

const nest = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('jsonBodyProblem', () => {
  it('takes ordinary bodies', () => {
    expect(jsonBodyProblem({ title: 'Plan ✓ 😀', scene: { elements: [{ id: 'a', points: [[0, 1]] }] } })).toBeNull();
    expect(jsonBodyProblem(nest(JSON_MAX_DEPTH))).toBeNull();
    expect(jsonBodyProblem(null)).toBeNull();
    expect(jsonBodyProblem('text')).toBeNull();
  });

  it.each([
    ['a NUL in a string', { title: 'a\u0000b' }],
    ['a NUL deep inside', { scene: { elements: [{ text: ['x', 'y\u0000'] }] } }],
    ['a NUL in a key', { files: { 'f\u0000': {} } }],
    ['a lone high surrogate', { name: 'x\ud800' }],
    ['a lone low surrogate', ['\udc00y']],
    ['a NUL as the whole body', '\u0000'],
  ])('refuses %s', (_name, body) => {
    expect(jsonBodyProblem(JSON.parse(JSON.stringify(body)))?.code).toBe('INVALID_CHARACTERS');
  });

  it('refuses bodies nested deeper than the limit, without overflowing the stack itself', () => {
    expect(jsonBodyProblem(nest(JSON_MAX_DEPTH + 1))?.code).toBe('NESTING_TOO_DEEP');
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000));
    expect(jsonBodyProblem(deep)?.code).toBe('NESTING_TOO_DEEP');
  });

  it('skips the text check only when no \\u escape was sent', () => {
    expect(hasUnicodeEscape(Buffer.from('{"a":"\\u0000"}'))).toBe(true);
    expect(hasUnicodeEscape(Buffer.from('{"a":"plain ✓"}'))).toBe(false);
    expect(jsonBodyProblem({ a: 'x\u0000' }, false)).toBeNull();
  });
});
