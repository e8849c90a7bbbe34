import type { CodeTimes } from '../parts/CodeEntry';

/** A recovery under way: the number the code went to and the code's times from the server's answer. */
export interface Started extends CodeTimes {
  readonly phone: string;
}

/** The toast of every recovery step (one at a time). */
export const RECOVER_TOAST_ID = 'recover';
