// Plain constants (no zod) of analytics.ts: the signed-in screens import these without pulling in the contract's schemas.

/** §9 Correct answer: this app counts a marked answer of 60% or more as correct. */
export const CORRECT_SCORE_PERCENT = 60;
/** A gap of more than this between answers starts a new study session. */
export const SESSION_GAP_MINUTES = 30;
/** Session sizes: quick up to 2 answers, standard up to 9, extended beyond. */
export const SESSION_SIZES = { quick: 2, standard: 9 } as const;
/** §2/§9 Heatmap: today and the previous 364 days. */
export const HEATMAP_DAYS = 365;
/** §9 Weak-topic recommendation: average below 70. */
export const WEAK_TOPIC_BELOW = 70;
/** Topic of a question that has none. */
export const GENERAL_TOPIC = 'General';
