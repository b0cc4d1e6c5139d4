/**
 * `npm run bench`: builds the SPA, runs every benchmark in bench/ one after another (each in its
 * own process, its output shown as it runs), reads the figures from each one's summary lines,
 * and writes them with their targets to bench/results.md (and bench/out/results.json).
 * Lighthouse is separate: `npm run lighthouse`.
 * Usage: npm run bench [-- --quick]   (--quick: shorter load phases, for a smoke run)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { PINNED_NOTE } from './support';

const quick = process.argv.includes('--quick');

interface Bench {
  file: string;
  args: string[];
}

const BENCHES: Bench[] = [
  {
    file: 'bench/auth-bench.ts',
    args: quick ? ['--seconds', '5', '--samples', '10', '--warm-up', '400'] : [],
  },
  {
    file: 'bench/payments-bench.ts',
    args: quick ? ['--seconds', '5', '--checkout-seconds', '3', '--warm-up', '400'] : [],
  },
  { file: 'bench/web-bundle.ts', args: [] },
  { file: 'bench/letter-bench.ts', args: [] },
  { file: 'bench/disputes-bench.ts', args: [] },
  { file: 'bench/checkup-bench.ts', args: [] },
  { file: 'bench/lambda-bundles.ts', args: ['--runs', quick ? '3' : '5'] },
];

function run(bench: Bench): Promise<string> {
  return new Promise((resolveRun, reject) => {
    console.log(`\n=== ${bench.file} ${bench.args.join(' ')}`);
    const child = spawn(process.execPath, ['--import', 'tsx', bench.file, ...bench.args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun(out) : reject(new Error(`${bench.file} exited with ${code}`)),
    );
  });
}

/** One figure in results.md: what, measured value, target, verdict. */
interface Figure {
  name: string;
  value: string;
  target: string;
  pass?: boolean;
}

const number = (text: string | undefined) => (text === undefined ? NaN : Number(text));
function match(output: string, pattern: RegExp, what: string): RegExpExecArray {
  const found = pattern.exec(output);
  if (!found) throw new Error(`could not read "${what}" from the benchmark output`);
  return found;
}

/**
 * A paced-load summary line as the auth and payments benches print it:
 * `<label>: N requests[ in T s] (R/s), p50 X ms, p99 Y ms, max Z ms, errors E`.
 */
function loadSummary(output: string, label: string) {
  const found = match(
    output,
    new RegExp(
      `${label}: (\\d+) requests(?: in [\\d.]+ s)? \\((\\d+)/s\\), ` +
        'p50 ([\\d.]+) ms, p99 ([\\d.]+) ms, max ([\\d.]+) ms, errors (\\d+)',
    ),
    label,
  );
  return {
    requests: number(found[1]),
    perSecond: number(found[2]),
    p50Ms: number(found[3]),
    p99Ms: number(found[4]),
    maxMs: number(found[5]),
    errors: number(found[6]),
  };
}

/** `p50 … ms, p99 … ms` of a load summary, as results.md shows it. */
const latencies = (load: { p50Ms: number; p99Ms: number }) =>
  `p50 ${load.p50Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms`;

const figures: Figure[] = [];
const raw: Record<string, unknown> = {};
const loadBefore = loadavg()[0]!;

const build = spawnSync('npm', ['run', 'build:web', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build:web failed');

const outputs: Record<string, string> = {};
for (const bench of BENCHES) outputs[bench.file] = await run(bench);

{
  const out = outputs['bench/auth-bench.ts']!;
  const grant = match(
    out,
    /password grant: median ([\d.]+) ms; bare bcrypt compare \(cost (\d+)\): median ([\d.]+) ms; ratio ([\d.]+)/,
    'password grant',
  );
  const ratio = number(grant[4]);
  const pinned = out.includes(`(${PINNED_NOTE})`);
  raw.passwordGrant = {
    grantMs: number(grant[1]),
    bcryptCost: number(grant[2]),
    bcryptMs: number(grant[3]),
    ratio,
    pinned,
  };
  figures.push({
    name: `Password grant ÷ bare bcrypt compare (cost ${grant[2]})`,
    value: `${ratio.toFixed(3)} (${grant[1]} ms vs ${grant[3]} ms, medians${pinned ? '; both on one CPU' : ''})`,
    target: '≤ 1.15',
    pass: ratio <= 1.15,
  });
  const refresh = loadSummary(out, 'refresh grant');
  const notSent = number(match(out, /not sent \(all sessions busy\) (\d+)/, 'refresh grant')[1]);
  raw.refreshGrant = { ...refresh, notSent };
  figures.push({
    name: `Refresh grant at ${refresh.perSecond} req/s (${refresh.requests} requests, ${refresh.errors} errors)`,
    value: latencies(refresh),
    target: 'p99 ≤ 20 ms, 0 errors',
    pass: refresh.p99Ms <= 20 && refresh.errors === 0 && notSent === 0,
  });
}

{
  const out = outputs['bench/payments-bench.ts']!;
  const view = loadSummary(out, 'subscription view');
  raw.subscriptionView = view;
  figures.push({
    name: `Subscription view at ${view.perSecond} req/s (${view.requests} requests, ${view.errors} errors)`,
    value: latencies(view),
    target: 'p99 ≤ 15 ms, 0 errors',
    pass: view.p99Ms <= 15 && view.errors === 0,
  });
  const serial = /subscription view, one at a time: p50 ([\d.]+) ms, p99 ([\d.]+) ms/.exec(out);
  if (serial) {
    figures.push({
      name: 'Subscription view, one request at a time',
      value: `p50 ${serial[1]} ms, p99 ${serial[2]} ms`,
      target: 'measured (no target)',
    });
  }
  const checkout = loadSummary(out, 'checkout session creation');
  raw.checkoutSession = checkout;
  figures.push({
    name: `Checkout session creation at ${checkout.perSecond} req/s (Stripe emulator, ${checkout.errors} errors)`,
    value: latencies(checkout),
    target: 'measured (no target)',
  });
}

{
  const out = outputs['bench/lambda-bundles.ts']!;
  const rows = [
    ...out.matchAll(
      /^(\S+)\s+([\d.]+) KiB\s+([\d.]+) KiB\s+(\d+) \/ (\d+) ms\s+(\d+) \/ (\d+) ms.*\s(ok|OVER)\s*$/gm,
    ),
  ];
  if (rows.length === 0) throw new Error('could not read the Lambda bundle table');
  raw.lambdaBundles = rows.map((row) => ({
    function: row[1],
    minifiedKiB: number(row[2]),
    gzipKiB: number(row[3]),
    initWallMs: number(row[4]),
    initCpuMs: number(row[5]),
    noSourceMapsInitWallMs: number(row[6]),
    noSourceMapsInitCpuMs: number(row[7]),
  }));
  for (const row of rows) {
    figures.push({
      name: `Lambda ${row[1]}: bundle size / module init (wall, CPU)`,
      value:
        `${row[2]} KiB minified (${row[3]} KiB gzip) / ${row[4]} ms, ${row[5]} ms CPU ` +
        `(without source maps: ${row[6]} ms, ${row[7]} ms CPU)`,
      target: 'size measured / ≤ 150 ms',
      pass: row[8] === 'ok',
    });
  }
}

{
  const out = outputs['bench/web-bundle.ts']!;
  const initial = match(
    out,
    /initial JS for \/ \(gzip -9[^)]*\): ([\d.]+) KiB \((\d+) bytes\) in (\d+) chunks/,
    'initial JS',
  );
  const withSession = /JS for \/ with a stored session[^:]*: ([\d.]+) KiB/.exec(out);
  raw.initialJs = { gzipBytes: number(initial[2]), chunks: number(initial[3]) };
  figures.push({
    name: `Initial JS of / without a session (gzip -9, ${initial[3]} chunks)`,
    value: `${initial[1]} KiB${withSession ? ` (${withSession[1]} KiB with a stored session)` : ''}`,
    target: '≤ 100 KB',
    pass: number(initial[2]) <= 100 * 1000,
  });
  const fonts = match(out, /fonts: ([\d.]+) KiB \((\d+) bytes\) in (\d+) files/, 'fonts');
  figures.push({
    name: `Web fonts (${fonts[3]} woff2 files)`,
    value: `${fonts[1]} KiB`,
    target: '≤ 40 KB',
    pass: number(fonts[2]) <= 40 * 1000,
  });
}

{
  const out = outputs['bench/checkup-bench.ts']!;
  const checkup = match(
    out,
    /sample reports to letters: cold ([\d.]+) ms, mean ([\d.]+) ms, p50 [\d.]+ ms, p95 ([\d.]+) ms \((\d+) findings, (\d+) bureau letters, (\d+) creditor letters/,
    'checkup',
  );
  raw.checkup = {
    coldMs: number(checkup[1]),
    meanMs: number(checkup[2]),
    p95Ms: number(checkup[3]),
    findings: number(checkup[4]),
  };
  figures.push({
    name: `Report checkup, sample reports to every letter (${checkup[4]} findings, ${checkup[5]} + ${checkup[6]} letters)`,
    value: `cold ${checkup[1]} ms, mean ${checkup[2]} ms (p95 ${checkup[3]})`,
    target: '< 1 s',
    pass: number(checkup[1]) < 1000 && number(checkup[3]) < 1000,
  });
}

{
  const out = outputs['bench/letter-bench.ts']!;
  const bureau = match(
    out,
    /engine: bureau letter: mean ([\d.]+) ms, p50 ([\d.]+) ms, p95 ([\d.]+) ms/,
    'engine',
  );
  const furnisher = match(
    out,
    /engine: furnisher letter: mean ([\d.]+) ms, p50 ([\d.]+) ms, p95 ([\d.]+) ms/,
    'furnisher',
  );
  const docx = match(
    out,
    /docx export \((\d+)-char letter\): p50 ([\d.]+) ms, p95 ([\d.]+) ms/,
    'docx export',
  );
  const worker = /docx worker \S+: ([\d.]+) KB gzip -9/.exec(out);
  raw.letters = {
    bureauLetterMeanMs: number(bureau[1]),
    bureauLetterP95Ms: number(bureau[3]),
    furnisherLetterMeanMs: number(furnisher[1]),
    docxP50Ms: number(docx[2]),
    docxP95Ms: number(docx[3]),
    docxWorkerGzipKB: worker ? number(worker[1]) : null,
  };
  figures.push({
    name: 'Letter engine, ms per bureau letter / furnisher letter',
    value: `mean ${bureau[1]} ms (p95 ${bureau[3]}) / mean ${furnisher[1]} ms`,
    target: '≤ 5 ms',
    pass: number(bureau[3]) <= 5 && number(furnisher[3]) <= 5,
  });
  figures.push({
    name: `Word (.docx) export of the longest letter (${docx[1]} chars, Node)`,
    value: `p50 ${docx[2]} ms, p95 ${docx[3]} ms`,
    target: 'measured (no target)',
  });
  if (worker) {
    figures.push({
      name: "Word-export worker's script (gzip -9), loaded when the generator is idle",
      value: `${worker[1]} KB`,
      target: '≤ 150 KB',
      pass: number(worker[1]) <= 150,
    });
  }
}

{
  const out = outputs['bench/disputes-bench.ts']!;
  const packet = match(
    out,
    /evidence packet \([^)]*\): p50 ([\d.]+) ms, p95 ([\d.]+) ms/,
    'evidence packet',
  );
  const chunk = match(
    out,
    /disputes chunk \(gzip -9, beyond what \/ loads\): ([\d.]+) KiB in \d+ chunks; pdf-lib \+ ics chunks fetched on opening: ([\d.]+) KiB; in the initial load of \/: (yes|no)/,
    'disputes chunk',
  );
  raw.disputes = {
    packetP50Ms: number(packet[1]),
    packetP95Ms: number(packet[2]),
    routeGzipKiB: number(chunk[1]),
    toolsGzipKiB: number(chunk[2]),
    inInitialLoad: chunk[3] === 'yes',
  };
  figures.push({
    name: 'Evidence packet with 10 one-page exhibits (pdf-lib, Node)',
    value: `p50 ${packet[1]} ms, p95 ${packet[2]} ms`,
    target: '≤ 1 s',
    pass: number(packet[2]) <= 1000,
  });
  figures.push({
    name: '/disputes JS beyond / (gzip -9) + pdf-lib/ics chunks it fetches on opening',
    value: `${chunk[1]} KiB + ${chunk[2]} KiB (in the initial load of /: ${chunk[3]})`,
    target: 'lazy: not in the initial load of /',
    pass: chunk[3] === 'no',
  });
}

const verdict = (figure: Figure) =>
  figure.pass === undefined ? '' : figure.pass ? 'PASS' : 'MISS';
const machine = `Node ${process.versions.node}, ${availableParallelism()} cores, load average ${loadBefore.toFixed(1)} at start and ${loadavg()[0]!.toFixed(1)} at end`;
const markdown = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString()}${quick ? ' (--quick)' : ''}.`,
  `Machine: ${machine}. Load figures come from \`npm start\`'s entry in its own process (the same`,
  'routers as the Lambdas, on DynamoDB Local in memory (`DATA_DIR=:memory:`) and the Stripe',
  'emulator), so they include a JVM database on the same two cores; on a busy machine they say more',
  'about the machine than the code. `--disk` on the auth and payments benches keeps the data on disk.',
  '',
  '| Figure | Measured | Target | |',
  '|---|---|---|---|',
  ...figures.map((f) => `| ${f.name} | ${f.value} | ${f.target} | ${verdict(f)} |`),
  '',
  'Lighthouse (mobile preset) is its own command: `npm run lighthouse`.',
  '',
].join('\n');
// The test suite's time is measured by hand (`npm test` is not a benchmark): its section stays.
const SUITE_HEADING = '\n## Test suite time';
const previous = existsSync('bench/results.md') ? readFileSync('bench/results.md', 'utf8') : '';
const suiteSection = previous.includes(SUITE_HEADING)
  ? previous.slice(previous.indexOf(SUITE_HEADING))
  : '';
writeFileSync('bench/results.md', markdown + suiteSection);
mkdirSync('bench/out', { recursive: true });
writeFileSync('bench/out/results.json', JSON.stringify({ machine, figures: raw }, null, 2));
console.log(`\n${markdown}`);
console.log('Wrote bench/results.md and bench/out/results.json');
