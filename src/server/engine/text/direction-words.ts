/**
 * The word forms that say a quantity goes one way or the other, in one place: the marker reads directions with them
 * (marker/claims.ts) and the tutor folds them into one word each (tutor/tutor-text.ts). Single words, lower case.
 */
export const INCREASE_FORMS = [
  'increase',
  'increases',
  'increased',
  'increasing',
  'rise',
  'rises',
  'rose',
  'risen',
  'rising',
  'grow',
  'grows',
  'grew',
  'growing',
  'raise',
  'raises',
  'raised',
  'boost',
  'boosts',
  'boosted',
];

export const DECREASE_FORMS = [
  'decrease',
  'decreases',
  'decreased',
  'decreasing',
  'fall',
  'falls',
  'fell',
  'fallen',
  'falling',
  'drop',
  'drops',
  'dropped',
  'dropping',
  'reduce',
  'reduces',
  'reduced',
  'reducing',
  'decline',
  'declines',
  'declined',
  'cut',
  'cuts',
  'cutting',
];

/** Comparatives that say more of something, and less. */
export const MORE_FORMS = ['greater', 'larger', 'bigger', 'higher', 'more'];
export const LESS_FORMS = ['smaller', 'less', 'lower', 'fewer'];
