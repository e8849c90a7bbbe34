import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined } })).toBe('{"a":{"d":[2,{"y":null,"z":1}]},"b":1}');
  });

  it('gives the same bytes whatever the key order', () => {
    expect(canonicalJson({ USD: '58.1', EUR: '63.2' })).toBe(canonicalJson({ EUR: '63.2', USD: '58.1' }));
  });

  it('writes null for undefined at the top', () => {
    expect(canonicalJson(undefined)).toBe('null');
  });
});
