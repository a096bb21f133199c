/**
 * Answers checked without a host (issue 29, decision 0441): a right/wrong challenge may list accepted answers; a text
 * answer that matches one once both are normalised is approved at once, anything else waits for review. One rule
 * for the server (which decides) and the admin form (which shows what will match).
 */
export const ACCEPTED_ANSWERS_MAX = 20;
export const ACCEPTED_ANSWER_MAX_LENGTH = 200;

/**
 * What an answer becomes before it is compared: case, accents and spacing ignored. Letters are decomposed (NFKD) and
 * their combining marks dropped (é → e), the rest lower-cased (ß → ss), and all white space removed, so "Big  Ben"
 * and "bigben" are the same answer. Punctuation stays: it may be part of the answer.
 */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ß/g, 'ss')
    .replace(/[\s\u200b-\u200d\ufeff]+/gu, '');
}

/** Whether a team's text answer matches one of the accepted answers (none listed: never; it waits for the host). */
export function matchesAcceptedAnswer(answer: string, accepted: readonly string[]): boolean {
  const mine = normaliseAnswer(answer);
  if (mine === '') return false;
  return accepted.some((a) => normaliseAnswer(a) === mine);
}
