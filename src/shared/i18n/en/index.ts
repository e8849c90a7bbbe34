import { enCore } from './core';
import { legal } from './legal';
import { messages } from './messages';

/** The English catalogue: the specification's wording. Every string the app shows comes from here. */
export const en = { ...enCore, legal, messages } as const;
export type Catalogue = typeof en;
