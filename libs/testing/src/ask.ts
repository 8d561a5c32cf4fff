/** Libraries to ask questions of in tests: a lecture and a document whose answers sit at known moments and pages. */
import type { StandInLine } from './stand-ins/youtube';

/** Sentences of a lecture that answer nothing asked in the tests (each window holds a few). */
export const FILLER = [
  'Farmers produce more wheat when the spring rains arrive on time.',
  'The old harbour town grew rich on trade in salt and timber.',
  'Most students find that regular practice beats long nights of cramming.',
  'A good map shows rivers, roads and the height of the hills.',
  'The orchestra tuned their instruments while the audience found their seats.',
  'Painters of the period liked strong contrasts between light and shadow.',
  'The library opens early on weekdays and closes at noon on Saturdays.',
  'Engineers tested the new bridge with heavy trucks before it opened.',
  'Many languages borrow words for food from their neighbours.',
  'The committee agreed to meet again after the summer holidays.',
  'Mountain villages often keep their own dialects for centuries.',
  'The museum moved its collection of coins to a larger hall.',
];

/** What the lecture says at known moments (seconds), and questions whose answers sit there. */
export const LECTURE_FACTS = [
  {
    at: 300,
    text: 'The Krebs cycle takes place inside the mitochondria of every cell. Each turn of the cycle produces carbon dioxide and energy carriers.',
    question: 'Where does the Krebs cycle take place?',
  },
  {
    at: 750,
    text: 'Honeybees tell their sisters where the flowers are by performing a waggle dance.',
    question: 'How do honeybees tell each other where flowers are?',
  },
  {
    at: 1100,
    text: 'Glaciers carve deep valleys shaped like the letter U as they slowly slide downhill.',
    question: 'What shape of valley do glaciers carve?',
  },
];

/** A 20-minute lecture in 5-second caption lines: filler, with the facts at their moments. */
export function lectureLines(seconds = 1_200): StandInLine[] {
  const lines: StandInLine[] = [];
  for (let start = 0, i = 0; start < seconds; start += 5, i++) {
    const fact = LECTURE_FACTS.find((f) => f.at === start);
    lines.push({ start, dur: 5, text: fact ? fact.text : FILLER[i % FILLER.length] });
  }
  return lines;
}

/** A document's pages (lines of a PDF): filler, and the facts on their pages. */
export const HISTORY_FACTS = [
  { page: 3, text: 'The Treaty of Westphalia was signed in 1648 and ended the Thirty Years War.', question: 'When was the Treaty of Westphalia signed?' },
  { page: 5, text: 'The printing press of Gutenberg made books cheap enough for merchants to own.', question: 'Who made books cheap with a printing press?' },
];

export function historyPages(count = 6): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const fact = HISTORY_FACTS.find((f) => f.page === i + 1);
    const lines = [FILLER[(i * 3) % FILLER.length], FILLER[(i * 3 + 1) % FILLER.length], FILLER[(i * 3 + 2) % FILLER.length]];
    return fact ? [lines[0], fact.text, lines[1]] : lines;
  });
}

/** A question about nothing any source holds. */
export const ABSENT_QUESTION = 'What is the boiling point of liquid nitrogen?';
