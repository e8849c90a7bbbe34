import { filCore } from './core';
import { legal } from './legal';
import { messages } from './messages';

/** The Filipino catalogue: every key of src/shared/i18n/en, translated (catalogue.test.ts checks it). */
export const fil = { ...filCore, legal, messages } as const;
