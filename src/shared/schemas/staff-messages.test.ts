import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { fil } from '../i18n/fil';
import { STAFF_MESSAGES } from './staff-messages';

describe('the messages of the staff-only schemas', () => {
  it('are catalogue keys with a text in English and Filipino, each', () => {
    const names = Object.keys(STAFF_MESSAGES);
    expect(names.map((name) => STAFF_MESSAGES[name as keyof typeof STAFF_MESSAGES])).toEqual(names.map((name) => `backoffice.validation.schema.${name}`));
    expect(Object.keys(en.backoffice.validation.schema).sort()).toEqual([...names].sort());
    expect(Object.keys(fil.backoffice.validation.schema).sort()).toEqual([...names].sort());
  });
});
