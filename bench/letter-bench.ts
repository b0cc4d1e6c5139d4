/**
 * Letter figures: engine time per letter (budget ≤ 5 ms), Word export time, and the gzipped size
 * of the lazy Word-export chunk from the production build (budget ≤ 150 KB; run
 * `npm run build:web` first, or the size is skipped).
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
  ERROR_TYPE_IDS,
  type LetterForm,
} from '../shared/letters';
import { letterToDocxBlob } from '../web/src/features/dispute-generator/lib/letter-docx';

const DATE = new Date(2026, 10, 22);
const forms: LetterForm[] = BUREAU_IDS.flatMap((bureau) =>
  ERROR_TYPE_IDS.map((errorType, index) => ({
    bureau,
    errorType,
    accountName: `Account ${index}`,
    details: 'The balance shown is wrong; my statement for March shows the correct amount.',
    evidence: index % 2 === 0 ? 'March statement\nPayoff letter' : undefined,
    sender: { name: 'Jane Q. Public', address: '12 Elm Street\nSpringfield, IL 62701' },
    enclosures: ['id-copy', 'proof-of-address'],
    additionalItems:
      index % 3 === 0
        ? ERROR_TYPE_IDS.map((other) => ({
            errorType: other,
            accountName: 'Other',
            details: 'Wrong.',
          }))
        : [],
  })),
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
measure('engine: furnisher letter', 10_000, (run) =>
  buildFurnisherLetter(forms[run % forms.length]!, DATE, { itemIndex: 0 }),
);

const longest = forms
  .map((form) => buildLetter(form, DATE))
  .sort((a, b) => b.length - a.length)[0]!;
const docxTimes: number[] = [];
for (let run = 0; run < 60; run++) {
  const start = performance.now();
  await letterToDocxBlob(longest);
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
    { file: string; imports?: string[]; isDynamicEntry?: boolean }
  >;
  const chunk = manifest['src/features/dispute-generator/lib/letter-docx.ts'];
  if (!chunk) throw new Error('The Word export is not a chunk of its own in the build');
  const bytes = gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length;
  console.log(
    `docx chunk ${chunk.file}: ${(bytes / 1024).toFixed(1)} KB gzip -9 (lazy: ${chunk.isDynamicEntry === true})`,
  );
}
