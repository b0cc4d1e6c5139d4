/**
 * Letter figures: engine time per letter (budget ≤ 5 ms), Word export time, the gzipped size of
 * the lazy Word-export chunk from the production build (budget ≤ 150 KB; run
 * `npm run build:web` first, or the size is skipped), and plain words: the Flesch–Kincaid grade
 * and body word count of every one-item bureau letter with typical input (bureau × type × facts
 * given or not × identity theft or not; budget grade ≤ 9, ≤ 300 words), longest and shortest.
 * Usage: npx tsx bench/letter-bench.ts [web/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import {
  BUREAU_IDS,
  buildFurnisherLetter,
  buildLetter,
  disputedItems,
  ERROR_TYPE_IDS,
  furnisherLetterApplies,
  mailingAdvice,
  type LetterForm,
} from '../shared/letters';
import { letterBody, readability } from '../shared/letters/testing/readability';
import { form, item } from '../shared/letters/testing/typical-forms';
import { letterToDocxBlob } from '../web/src/features/dispute-generator/lib/letter-docx';

const DATE = new Date(2026, 10, 22);
const oneItemForms: { name: string; form: LetterForm }[] = BUREAU_IDS.flatMap((bureau) =>
  ERROR_TYPE_IDS.flatMap((errorType) =>
    [true, false].flatMap((factsGiven) =>
      [false, true].map((identityTheft) => ({
        name: `${bureau} × ${errorType} × ${factsGiven ? 'facts' : 'no facts'}${errorType === 'not-mine' ? (identityTheft ? ' × identity theft' : ' × mixed file') : ''}`,
        form: form({ bureau, ...item(errorType, factsGiven, identityTheft) }),
      })),
    ),
  ),
);
/** Every third form also disputes one item of every type. */
const forms: LetterForm[] = oneItemForms.map(({ form: each }, index) =>
  index % 3 === 0
    ? { ...each, additionalItems: ERROR_TYPE_IDS.map((other) => item(other, true, false)) }
    : each,
);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function measure(label: string, runs: number, work: (run: number) => unknown): void {
  for (let run = 0; run < Math.min(runs, 200); run++) work(run); // warm-up
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work(run);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  console.log(
    `${label}: mean ${mean.toFixed(3)} ms, p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms (${runs} runs)`,
  );
}

measure('engine: bureau letter', 10_000, (run) => buildLetter(forms[run % forms.length]!, DATE));
// Only items a creditor letter fits (no personal information, inquiries or bankruptcies).
const furnisherForms = forms.filter((each) => furnisherLetterApplies(disputedItems(each)[0]!));
measure('engine: furnisher letter', 10_000, (run) =>
  buildFurnisherLetter(furnisherForms[run % furnisherForms.length]!, DATE, { itemIndex: 0 }),
);

const longest = forms
  .map((form) => buildLetter(form, DATE))
  .sort((a, b) => b.length - a.length)[0]!;
const docxTimes: number[] = [];
for (let run = 0; run < 60; run++) {
  const start = performance.now();
  await letterToDocxBlob(longest, mailingAdvice('bureau'));
  if (run >= 10) docxTimes.push(performance.now() - start);
}
docxTimes.sort((a, b) => a - b);
console.log(
  `docx export (${longest.length}-char letter): p50 ${percentile(docxTimes, 50).toFixed(1)} ms, p95 ${percentile(docxTimes, 95).toFixed(1)} ms (50 runs, Node)`,
);

const dist = process.argv[2] ?? 'web/dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.log(`docx chunk: no build manifest at ${manifestPath}; run npm run build:web first`);
} else {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; assets?: string[] }
  >;
  // The Word export runs in a worker of its own (lib/letter-docx-worker.ts), a separate script.
  const worker = Object.values(manifest)
    .flatMap((entry) => entry.assets ?? [])
    .find((file) => /\/letter-docx-worker-[\w-]+\.js$/.test(file));
  if (!worker) throw new Error('The Word export is not a worker script of its own in the build');
  const bytes = gzipSync(readFileSync(join(dist, worker)), { level: 9 }).length;
  console.log(`docx worker ${worker}: ${(bytes / 1024).toFixed(1)} KB gzip -9 (loaded when idle)`);
}

const measured = oneItemForms
  .map(({ name, form: each }) => ({ name, ...readability(letterBody(buildLetter(each, DATE))) }))
  .sort((a, b) => a.words - b.words);
const describe = (label: string, entry: (typeof measured)[number]) =>
  console.log(
    `${label} one-item letter: ${entry.words} body words, Flesch–Kincaid grade ${entry.grade.toFixed(1)} (${entry.name})`,
  );
describe('shortest', measured[0]!);
describe('longest', measured.at(-1)!);
const hardest = measured.reduce((worst, each) => (each.grade > worst.grade ? each : worst));
console.log(
  `grade across ${measured.length} one-item letters: ${Math.min(...measured.map((each) => each.grade)).toFixed(1)}–${hardest.grade.toFixed(1)} (highest: ${hardest.name})`,
);
