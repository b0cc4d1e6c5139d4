import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { averageSentenceWords, FENCE, prose, sentences, wordsOf } from '../support/prose';

/**
 * Issue 29: docs a newcomer reads in ten minutes. The README stays short, ARCHITECTURE.md stays
 * under its word budget with its two diagrams, both read in short sentences, and no link is dead.
 */

const root = path.join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const docs = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

describe('the measures', () => {
  it('count prose sentences, not code, tables or diagrams', () => {
    const sample = [
      '# A heading of many words that is not a sentence',
      '',
      'One two three. Four five `lambdas/auth/config.ts` six.',
      '',
      '- A bullet without a stop',
      '- Another one, `x.y` here.',
      '',
      '| a | table | row |',
      '',
      '```mermaid',
      'flowchart LR',
      '  a --> b',
      '```',
    ].join('\n');
    expect(sentences(prose(sample)).map((s) => wordsOf(s).length)).toEqual([3, 4, 5, 4]);
    expect(averageSentenceWords(sample)).toBe(4);
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it('is at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('reads in sentences under 20 words on average', () => {
    expect(averageSentenceWords(readme)).toBeLessThan(20);
  });

  it('gives the two commands and the test card a newcomer needs', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toContain('4242 4242 4242 4242');
  });
});

describe('ARCHITECTURE.md', () => {
  const architecture = read('ARCHITECTURE.md');

  it('is at most 1,500 words as wc -w counts them, diagrams included', () => {
    expect(architecture.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(1500);
  });

  it('reads in sentences under 20 words on average', () => {
    expect(averageSentenceWords(architecture)).toBeLessThan(20);
  });

  it('draws the request path and the data as two Mermaid diagrams', () => {
    expect(architecture.match(/^```mermaid$/gm)).toHaveLength(2);
  });

  it('names every partition of the table', () => {
    for (const prefix of ['USER#', 'EMAIL#', 'SESSION#', 'AUTH#', 'RATE#', 'BILLING#']) {
      expect(architecture).toContain(prefix);
    }
    for (const prefix of ['CUSTOMER#', 'STRIPE_EVENT#', 'STRIPE_RECONCILE']) {
      expect(architecture).toContain(prefix);
    }
  });
});

describe('links', () => {
  it.each(['README.md', 'ARCHITECTURE.md', ...docs])('every relative link in %s exists', (file) => {
    const targets = [
      ...read(file)
        .replace(FENCE, '')
        .matchAll(/\]\(([^)\s]+)\)/g),
    ]
      .map(([, target]) => target!.split('#')[0]!)
      .filter((target) => target && !/^[a-z]+:/i.test(target));
    const missing = targets.filter(
      (target) => !existsSync(path.join(root, path.dirname(file), target)),
    );
    expect(missing).toEqual([]);
  });
});

describe('all the docs a newcomer reads', () => {
  const all = ['README.md', 'ARCHITECTURE.md', ...docs];

  it('stay under 8,000 words together, inline code aside (bench/results.md is data)', () => {
    // sed -E 's/`[^`]*`//g' README.md ARCHITECTURE.md docs/*.md | wc -w
    const words = all
      .map((file) => read(file).replace(/`[^`\n]*`/g, ''))
      .join('\n')
      .split(/\s+/)
      .filter(Boolean).length;
    expect(words).toBeLessThan(8000);
  });

  it('cite only files that exist', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const exists = (cited: string) =>
      existsSync(path.join(root, cited)) ||
      tracked.some((file) =>
        cited.endsWith('/')
          ? file.startsWith(cited) || file.includes(`/${cited}`)
          : file.endsWith(`/${cited}`),
      );
    // A path with a folder and a file name, or a folder: `lambdas/auth/config.ts`, `shared/letters/`.
    const PATH = /^\.?[\w-]+(\/[\w.-]+)*(\/|\.[a-z]{2,4})$/;
    // Made by a command, never committed.
    const GENERATED = ['.data/', 'cdk.out/', 'sam-env/', 'bench/out/', 'web/dist'];
    const missing: string[] = [];
    for (const file of all) {
      for (const [, span] of read(file).matchAll(/`([^`\n]+)`/g)) {
        const cited = span!.trim();
        if (!cited.includes('/') || !PATH.test(cited) || cited.startsWith('/')) continue;
        if (GENERATED.some((prefix) => cited.startsWith(prefix))) continue;
        if (!exists(cited)) missing.push(`${file}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('docs/deploy.md bootstraps without running the app, which a fresh clone cannot synth', () => {
    const deploy = read('docs/deploy.md');
    const bootstrap = deploy.split('\n').find((line) => line.includes('cdk bootstrap'));
    expect(bootstrap).toMatch(/npx cdk bootstrap --app '' aws:\/\/<account>\/<region>/);
  });
});
