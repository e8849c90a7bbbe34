/**
 * Suggestions for a character reference's relationship. The field is free text (3 to 100 letters);
 * these only fill the input's suggestion list.
 */
export const RELATIONSHIP_SUGGESTIONS = [
  'Mother',
  'Father',
  'Spouse',
  'Partner',
  'Sister',
  'Brother',
  'Daughter',
  'Son',
  'Aunt',
  'Uncle',
  'Cousin',
  'Grandparent',
  'Godparent',
  'Friend',
  'Neighbour',
  'Co-worker',
  'Employer',
  'Classmate',
] as const;
