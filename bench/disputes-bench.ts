/**
 * My Disputes figures: the time to build an evidence packet (a follow-up letter + exhibit list +
 * 10 one-page PDF exhibits) with pdf-lib in Node (target ≤ 1 s), and the JavaScript /disputes
 * adds to what `/` loads, from the production build (run `npm run build:web` first): its route
 * chunk with its own static imports, and the pdf-lib and ics chunks it fetches on opening.
 * Usage: npx tsx bench/disputes-bench.ts [web/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { buildFollowUp, recipientAddressLines } from '../shared/disputes';
import { sampleDispute } from '../shared/disputes/testing/sample-dispute';
import { buildEvidencePacket } from '../web/src/lib/evidence-packet';
import { samplePdf } from '../web/src/testing/exhibit-fixtures';

const parent = sampleDispute({
  deliveredOn: '2026-11-04',
  items: sampleDispute().items.map((item) => ({ ...item, outcome: 'verified' })),
});
const built = buildFollowUp(
  parent,
  { kind: 'method-of-verification', itemIds: ['i1', 'i2'] },
  {},
  { id: 'bench', createdAt: '2026-12-20T10:00:00.000Z' },
  new Date(2026, 11, 20),
);
if (!built.ok) throw new Error(built.message);
const page = await samplePdf(1);
const input = {
  letterText: built.dispute.letterText,
  recipientLines: recipientAddressLines(built.dispute.recipient),
  exhibits: Array.from({ length: 10 }, (_, index) => ({
    number: index + 1,
    description: `Bank statement, month ${index + 1}`,
    files: [{ name: `statement-${index + 1}.pdf`, type: 'application/pdf' as const, bytes: page }],
  })),
};

const times: number[] = [];
let size = 0;
for (let run = 0; run < 25; run++) {
  const start = performance.now();
  size = (await buildEvidencePacket(input)).length;
  if (run >= 5) times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
console.log(
  `evidence packet (letter + exhibit list + 10 one-page PDF exhibits, ${(size / 1024).toFixed(0)} KiB): p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (20 runs, Node)`,
);

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
const dist = process.argv[2] ?? 'web/dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.log(`disputes chunk: no build manifest at ${manifestPath}; run npm run build:web first`);
} else {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key)) continue;
      if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const gzip = (keys: Iterable<string>) =>
    [...keys].reduce(
      (total, key) =>
        total + gzipSync(readFileSync(join(dist, manifest[key]!.file)), { level: 9 }).length,
      0,
    );
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const initial = closure(['index.html']);
  const route = 'src/app/routes/disputes.tsx';
  const own = [...closure([route])].filter((key) => !initial.has(key));
  const tools = manifest[route]?.dynamicImports ?? [];
  const toolsBytes = tools.map((key) => [...closure([key])].filter((each) => !initial.has(each)));
  const inInitial = [route, ...tools].some((key) => initial.has(key));
  console.log(
    `disputes chunk (gzip -9, beyond what / loads): ${kib(gzip(own))} in ${own.length} chunks; pdf-lib + ics chunks fetched on opening: ${kib(gzip(new Set(toolsBytes.flat())))}; in the initial load of /: ${inInitial ? 'yes' : 'no'}`,
  );
  for (const key of own) console.log(`  ${manifest[key]!.file}  ${kib(gzip([key]))}`);
  tools.forEach((key) => console.log(`  ${manifest[key]!.file} (lazy)  ${kib(gzip([key]))}`));
}
