import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './app-function';
import { STACK_NAME } from './stack';

/**
 * Where tests and the benchmark synthesize to: a cache inside `node_modules/` (ignored by git and
 * the tools), so a developer's own `cdk.out` is left alone.
 */
export const SCRATCH_ASSEMBLY_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'cdk-synth');

/**
 * The Stripe price of synths that are not deploys (tests, the benchmark). Synth refuses a missing
 * one and the emulator's, as it would for a deploy.
 */
export const SYNTH_CHECK_PRICE_ID = 'price_synth_check';

/** `npm run synth` (offline, as a developer runs it) into `outdir`, with these context values. */
export function runSynth(outdir: string, context: Record<string, string>) {
  const contextArgs = Object.entries(context).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  return spawnSync('npm', ['run', 'synth', '--silent', '--', '--output', outdir, ...contextArgs], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 240_000,
  });
}

/**
 * What a synth that is not a deploy passes: `SYNTH_CHECK_PRICE_ID`, and no operator (a deploy
 * must name one; a check allows the anonymous pages, as a trial would).
 */
export const SYNTH_CHECK_CONTEXT = {
  stripePriceId: SYNTH_CHECK_PRICE_ID,
  allowAnonymousOperator: 'true',
};

/** `npm run synth` into `outdir` with `SYNTH_CHECK_CONTEXT`; throws with its output on failure. */
export function synthesize(outdir: string): void {
  const result = runSynth(outdir, SYNTH_CHECK_CONTEXT);
  if (result.status !== 0) {
    throw new Error(`npm run synth failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

export function templatePath(outdir: string): string {
  return path.join(outdir, `${STACK_NAME}.template.json`);
}

export interface SynthesizedFunction {
  logicalId: string;
  /** The deploy bundle: `index.mjs` in the function's asset directory. */
  bundle: string;
  bundleBytes: number;
  environment: Record<string, unknown>;
}

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, unknown>;
  Properties?: { Handler?: string; Environment?: { Variables?: Record<string, unknown> } };
}

/** The functions of the synthesized template that were bundled from this repository. */
export function synthesizedFunctions(outdir: string): Map<string, SynthesizedFunction> {
  const template = JSON.parse(readFileSync(templatePath(outdir), 'utf8')) as {
    Resources: Record<string, TemplateResource>;
  };
  const functions = new Map<string, SynthesizedFunction>();
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    const assetPath = resource.Metadata?.['aws:asset:path'];
    if (resource.Type !== 'AWS::Lambda::Function' || typeof assetPath !== 'string') continue;
    if (resource.Properties?.Handler !== 'index.handler') continue;
    const bundle = path.join(outdir, assetPath, 'index.mjs');
    let bundleBytes: number;
    try {
      bundleBytes = statSync(bundle).size;
    } catch {
      continue; // a CDK-provided handler (e.g. BucketDeployment's Python), not one of ours
    }
    functions.set(logicalId, {
      logicalId,
      bundle,
      bundleBytes,
      environment: resource.Properties?.Environment?.Variables ?? {},
    });
  }
  return functions;
}
