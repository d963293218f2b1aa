/** Sentences said together (live regions): the punctuation of the language they are in. */

/**
 * Two sentences as one announcement: Chinese ones run on after a full stop `。` (added when the first has no end
 * punctuation), others after `. `. Chinese means `chinese` when given (the language in force: a sentence may end in
 * a file name), else a first sentence that ends in Chinese.
 */
export function joinSentences(first: string, second: string, chinese?: boolean): string {
  if (!first) return second;
  if (!second) return first;
  const ends = /[。！？.!?]$/.test(first);
  if (chinese ?? (/[\u3400-\u9fff\uff00-\uffef]$/.test(first) || /[。！？]$/.test(first)))
    return `${first}${/[。！？]$/.test(first) ? '' : '。'}${second}`;
  return `${first}${ends ? ' ' : '. '}${second}`;
}
