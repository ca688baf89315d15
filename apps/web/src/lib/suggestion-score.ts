/** From this score a match suggestion is worth a look (yellow); below it, grey. Clear matches (auto_accept) are green. */
export const SCORE_WORTH_A_LOOK = 60;

/**
 * The colour of a match suggestion's score, wherever one is shown (the unmatched credits' suggestions, a
 * booking's possible credits): green when it is a clear match, yellow at 60 or more, grey below.
 */
export function scoreColor(s: { score: number; auto_accept: boolean }): 'green' | 'yellow' | 'gray' {
  if (s.auto_accept) return 'green';
  return s.score >= SCORE_WORTH_A_LOOK ? 'yellow' : 'gray';
}
