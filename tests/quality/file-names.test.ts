import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The runtime areas, the SPA included (its barrels and messages files explain their names). */
const AREAS = ['lambdas', 'shared', 'local', 'infra', 'scripts', 'web/src'];

/** Runtime files of an area: no tests, no test helpers. */
function runtimeFiles(area: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', area], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.|\/testing\/|\.d\.ts$/.test(file));
}

describe('file names', () => {
  for (const area of AREAS) {
    it(`${area}/: two runtime files share a name only with a reason in their first line`, () => {
      const byName = new Map<string, string[]>();
      for (const file of runtimeFiles(area)) {
        byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
      }
      const unexplained = [...byName.values()]
        .filter((files) => files.length > 1)
        .flat()
        .filter((file) => !/^\/\/ \S.{10,}/.test(readFileSync(file, 'utf8').split('\n')[0]!));
      expect(unexplained).toEqual([]);
    });
  }
});
