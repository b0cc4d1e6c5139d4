import { spawnSync } from 'node:child_process';

export type CfnLintMode = 'run' | 'skip' | 'fail';

/**
 * What a template-lint test does: run cfn-lint, or, where it is not installed, skip on a
 * developer's machine but fail in CI (`CI=true`), where a skipped check would pass unseen.
 */
export function cfnLintMode(env: NodeJS.ProcessEnv, installed: boolean): CfnLintMode {
  if (installed) return 'run';
  return env.CI === 'true' ? 'fail' : 'skip';
}

export const CFN_LINT_MODE = cfnLintMode(
  process.env,
  spawnSync('cfn-lint', ['--version']).status === 0,
);

/** Called first in a template-lint test: throws in CI when cfn-lint is missing. */
export function requireCfnLint(): void {
  if (CFN_LINT_MODE === 'fail') {
    throw new Error(
      'cfn-lint is not installed, and CI=true: the template checks must run in CI. ' +
        '.ci/run installs it from Debian (apt-get install cfn-lint) where the release has it.',
    );
  }
}
