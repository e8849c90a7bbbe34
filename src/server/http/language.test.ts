import { describe, expect, it } from 'vitest';
import { languageOf } from './language';

describe('languageOf', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fil', 'fil'],
    ['FIL-ph', 'fil'],
    ['tl-PH', 'fil'],
    ['en', 'en'],
    ['de, fr;q=0.9', 'en'],
    ['de, fil;q=0.2', 'fil'],
    ['en;q=0.5, fil;q=0.9', 'fil'],
    ['fil;q=0, en;q=0.1', 'en'],
    [['fil', 'en'], 'fil'],
  ] as const)('%j is %s', (header, language) => {
    expect(languageOf(header as string | string[] | undefined)).toBe(language);
  });
});
