import { enCore } from './core';
import { legal } from './legal';

/** The English catalogue: the specification's wording. Every string the app shows comes from here. */
export const en = { ...enCore, legal } as const;
export type Catalogue = typeof en;
