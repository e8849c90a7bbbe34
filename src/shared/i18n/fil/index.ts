import { filCore } from './core';
import { legal } from './legal';

/**
 * The Filipino catalogue. It may be partial: i18next falls back to English for a missing key.
 * Keys mirror src/shared/i18n/en.
 */
export const fil = { ...filCore, legal } as const;
