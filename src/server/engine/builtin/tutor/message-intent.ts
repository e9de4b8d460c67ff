import { normaliseText } from './tutor-text';

/**
 * What a student's chat message asks for. Checked in this order: thanks, a request for the answer,
 * what the mark scheme wants, how many marks, a greeting, a bare acknowledgement, a request for help;
 * anything else is an attempt (a statement to check).
 */
export type MessageIntent = 'thanks' | 'answer-request' | 'mark-scheme' | 'marks' | 'greeting' | 'ack' | 'help' | 'attempt';

const ANSWER_REQUEST =
  /\b(just tell me|tell me (what )?the (answer|solution)|tell me the (correct|right|full|model|whole) answer|give me the (correct |right |full |model |whole )?(answer|solution)|just give (it to )?me|show (me )?the (correct |right |full |model |worked |whole )?(answer|solution|working)|what('s| is) the (correct |right |model |full )?answer|(model|full|worked) (answer|solution)|i give up|reveal (the )?answer|answer please|can i (see|have) the answer|can you (just )?(tell|give|show) me the answer)\b/;

const MARK_SCHEME =
  /\b(mark ?scheme|examiners?( \w+){0,3} (want|wants|looking|look|looks|expect|expects|accept|need|needs)|what (do|does|should|must) (i|we|my answer) (need to )?(include|write|mention|cover|put)|what are they looking for|what (is|are) (it|they|the question) (looking|asking) for|what points?)\b/;

const MARKS =
  /\b(how many marks|how many points|marks? (is|are) (it|this|that) worth|worth how many|out of how many|total marks|how much is (this|it) worth|what is (this|it) out of)\b/;

const THANKS =
  /^(thanks|thank you|thank u|thx|ty|cheers|great,? thanks|brilliant,? thanks|bye|goodbye|that'?s all|that helps|that helped|got it,? thanks)\b/;

const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening))\b/;

const ACK =
  /^(ok|okay|k|yes|yeah|yep|yup|no|nope|sure|right|i see|got it|alright|all right|go on|continue|next|carry on|fine|cool|hmm+|mm+)[.!?]*$/;

const HELP =
  /\b(hint|help|stuck|clue|nudge|idk|dunno|don'?t (know|understand|get)|do not (know|understand|get)|not sure|unsure|no idea|where (do|should) i (start|begin)|how (do|should) i (start|begin|do|work|go)|next step|what next|what now|confused|lost|explain|what do you mean|i can'?t|what else|anything else|what (more|should i add|can i add)|improve (my|it|this)|make (my answer|it|this) better)\b/;

/** The intent of a message, before looking at its content against the mark scheme. */
export function classifyMessage(message: string): MessageIntent {
  const text = normaliseText(message).replace(/\s*[.!]+$/, '');
  const wordCount = text.split(/\s+/).filter(Boolean).length;
  if (THANKS.test(text) && wordCount <= 8 && !/\d/.test(text)) return 'thanks';
  if (/\bthank/.test(text) && wordCount <= 4) return 'thanks';
  if (ANSWER_REQUEST.test(text)) return 'answer-request';
  if (MARK_SCHEME.test(text)) return 'mark-scheme';
  if (MARKS.test(text)) return 'marks';
  if (GREETING.test(text) && wordCount <= 4) return 'greeting';
  if (ACK.test(text)) return 'ack';
  if (HELP.test(text) || text === '?') return 'help';
  return 'attempt';
}
