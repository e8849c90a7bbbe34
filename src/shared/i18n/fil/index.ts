import { filCore } from './core';
import { legal } from './legal';

/** The Filipino catalogue: every key of src/shared/i18n/en, translated (catalogue.test.ts checks it). */
export const fil = { ...filCore, legal } as const;
