/**
 * Words of a question worth searching for: letters and digits, folded to lower case, without the
 * words every question has ("what", "the", "does"). A plural's final "s" is dropped, as the search
 * matches words by their beginning ("plant" finds "plants" and "planting").
 */
const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing
down during each either else ever every few for from further get gets got had has have having he her here hers herself him himself his how i if in
into is it its itself just let lets like me more most much my myself need no nor not now of off on once only or other our ours out over own please
really said same say says see she should show shows so some such talk talked talking talks tell tells than that the their theirs them themselves then
there these they thing things this those through to too under until up upon us very was way we were what whats when where whether which while who
whom whose why will with within without would yes you your yours yourself explain explains explained mention mentions mentioned discuss discussed
discusses describe described describes happen happens happened speaker speakers video videos document documents page pages part`.split(/\s+/),
);

/** Words that after "how" ask for an amount or a time ("how long does it cook"). */
const HOW = new Set(['long', 'many', 'much', 'often', 'far', 'old', 'soon', 'big', 'large', 'fast']);

export function askTerms(question: string, max = 12): string[] {
  const words =
    question
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: string[] = [];
  for (const [i, raw] of words.entries()) {
    if (STOP.has(raw)) continue;
    // "how long", "how many": the question's form, not its subject
    if (i > 0 && words[i - 1] === 'how' && HOW.has(raw)) continue;
    // single letters and digits find everything; CJK has no spaces to split words at (left to vectors)
    if (raw.length < 2 || /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u.test(raw)) continue;
    const word = raw.length > 4 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw;
    if (!out.includes(word)) out.push(word);
    if (out.length >= max) break;
  }
  return out;
}
