/**
 * Lambda bundle figures, from the deploy bundles of `npm run synth` (the same esbuild options
 * as `cdk deploy`): minified size of each `index.mjs` (measured, no budget) and its module init
 * time, i.e. `import()` of the bundle in a fresh Node process, configuration read and SDK
 * clients created included (budget ≤ 150 ms), with `--enable-source-maps` as deployed, as
 * wall / CPU time, and the same without source maps. The bundles are self-contained (the AWS
 * SDK is bundled, the runtime's copy is never loaded), and the bench checks it. The verdict uses
 * wall time; on a busy machine read CPU time.
 * Figures are from this machine's Node (the Lambda runtime is Node 24 on arm64).
 * Usage: npx tsx bench/lambda-bundles.ts [--runs 5] [--reuse]   (--reuse: keep the last synth)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { generateSigningKeys } from '../lambdas/identity/signing-keys';
import {
  SCRATCH_ASSEMBLY_DIR,
  synthesize,
  synthesizedFunctions,
  templatePath,
} from '../infra/synthesized-functions';

const INIT_BUDGET_MS = 150;

const args = process.argv.slice(2);
const runsIndex = args.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 5;

if (!args.includes('--reuse') || !existsSync(templatePath(SCRATCH_ASSEMBLY_DIR))) {
  console.log('Synthesizing (npm run synth)…');
  synthesize(SCRATCH_ASSEMBLY_DIR);
}

const { publicJwks } = await generateSigningKeys();
/** Plausible values for what the template wires; nothing is fetched at init. */
const DUMMY: Record<string, string> = {
  TABLE_NAME: 'bench-table',
  PUBLISHABLE_KEY: 'sb_publishable_bench',
  SITE_URL: 'https://d111111abcdef8.cloudfront.net',
  ALLOWED_ORIGINS: 'https://d111111abcdef8.cloudfront.net',
  JWT_PUBLIC_JWKS: publicJwks,
  AWS_REGION: 'us-east-1',
  // The Lambda runtime always sets the role's credentials.
  AWS_ACCESS_KEY_ID: 'ASIABENCHEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'bench-secret',
  AWS_SESSION_TOKEN: 'bench-session-token',
};

/**
 * Times the bundle's import: wall time, and the CPU time the process spent (less sensitive to
 * other load on the machine).
 */
const INIT_SCRIPT =
  'const t0 = performance.now(); const c0 = process.cpuUsage();' +
  'await import(process.env.BENCH_BUNDLE_URL);' +
  'const c = process.cpuUsage(c0);' +
  'process.stdout.write(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }));';

interface InitTimes {
  wall: number;
  cpu: number;
}

/**
 * Modules a bundle imports statically that are not Node built-ins (none are expected), as
 * esbuild's parser reads them.
 */
function externalModules(bundle: string): string[] {
  const { metafile } = buildSync({
    entryPoints: [bundle],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    platform: 'node',
    format: 'esm',
    external: ['*'],
  });
  const imports = Object.values(metafile.inputs).flatMap((input) =>
    input.imports.filter((entry) => entry.kind === 'import-statement').map((entry) => entry.path),
  );
  const builtIn = (name: string) => builtinModules.includes(name.replace(/^node:/, ''));
  return [...new Set(imports.filter((name) => !builtIn(name)))];
}

function initTimes(
  bundle: string,
  environment: Record<string, string>,
  options: { sourceMaps: boolean },
) {
  const times: InitTimes[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = spawnSync(
      process.execPath,
      [
        ...(options.sourceMaps ? ['--enable-source-maps'] : []),
        '--input-type=module',
        '-e',
        INIT_SCRIPT,
      ],
      {
        encoding: 'utf8',
        cwd: SCRATCH_ASSEMBLY_DIR,
        env: {
          PATH: process.env.PATH,
          ...environment,
          BENCH_BUNDLE_URL: pathToFileURL(bundle).href,
        },
      },
    );
    if (result.status !== 0) throw new Error(`init of ${bundle} failed:\n${result.stderr}`);
    times.push(JSON.parse(result.stdout) as InitTimes);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { wall: median(times.map((t) => t.wall)), cpu: median(times.map((t) => t.cpu)) };
}

const rows: string[][] = [];
let withinBudget = true;
for (const fn of synthesizedFunctions(SCRATCH_ASSEMBLY_DIR).values()) {
  const environment: Record<string, string> = { ...DUMMY };
  for (const [name, value] of Object.entries(fn.environment)) {
    if (name === 'NODE_OPTIONS') continue;
    environment[name] =
      DUMMY[name] ??
      (typeof value === 'string' ? value : `arn:aws:secretsmanager:us-east-1:0:secret:${name}`);
  }
  const code = readFileSync(fn.bundle);
  const external = externalModules(fn.bundle);
  const total = initTimes(fn.bundle, environment, { sourceMaps: true });
  const noMaps = initTimes(fn.bundle, environment, { sourceMaps: false });
  const ok = total.wall <= INIT_BUDGET_MS && external.length === 0;
  withinBudget &&= ok;
  rows.push([
    fn.logicalId,
    `${(fn.bundleBytes / 1024).toFixed(1)} KiB`,
    `${(gzipSync(code).length / 1024).toFixed(1)} KiB`,
    `${total.wall.toFixed(0)} / ${total.cpu.toFixed(0)} ms`,
    `${noMaps.wall.toFixed(0)} / ${noMaps.cpu.toFixed(0)} ms`,
    external.join(' ') || '–',
    ok ? 'ok' : 'OVER',
  ]);
}

const header = [
  'function',
  'minified',
  'gzip',
  'init wall/CPU',
  'same, no maps',
  'external modules',
  '',
];
const widths = header.map((title, i) =>
  Math.max(title.length, ...rows.map((row) => row[i]!.length)),
);
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
console.log(
  `\nLambda bundles: medians of ${RUNS} fresh processes each, Node ${process.versions.node}, ` +
    `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
);
console.log(`budget: ≤ ${INIT_BUDGET_MS} ms init; sizes are measured`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(withinBudget ? '\nAll within budget.' : '\nSome bundle is over budget.');
