/**
 * What a form or a notice shows for a message: a catalogue key ("validation.phone") through t(), any
 * other text (the server's own words, already in the language the request asked for) as it is.
 * Imports nothing, so every field can use it without pulling the API client in.
 */
const KEY = /^[a-z]+(\.[A-Za-z0-9_]+)+$/;

/** A message key through t(); any other text (the server's own words, already in the caller's language) as it is. */
export function showMessage(t: (key: string) => string, message: string): string {
  return KEY.test(message) ? t(message) : message;
}
