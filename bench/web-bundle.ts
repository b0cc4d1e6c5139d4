/**
 * Prints the JavaScript a visit to `/` downloads, gzipped, from the production build
 * (run `npm run build:web` first):
 *  - initial: the entry chunk, the app it loads once the page has painted (its dynamic imports:
 *    the home page is in the app's chunk) and their static imports. This is everything a
 *    visitor without a session downloads (the budget figure, ≤ 100 KB);
 *  - with a stored session: initial plus the auth/data client chunk, the header's account
 *    menu and the toast area, which load right after /config.json when the browser holds a
 *    session (or an e-mail link brings one).
 *  - fonts: every web font file of the build (woff2 as served; budget ≤ 40 KB in all).
 * Usage: npx tsx bench/web-bundle.ts [web/dist]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const dist = process.argv[2] ?? 'web/dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    into.add(key);
    staticClosure(chunk.imports ?? [], into);
  }
  return into;
}

function gzippedBytes(keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    total += gzipSync(readFileSync(join(dist, manifest[key]!.file)), { level: 9 }).length;
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB (${bytes} bytes)`;
const entry = manifest['index.html']!;
const initial = staticClosure(['index.html', ...(entry.dynamicImports ?? [])]);
const withSession = staticClosure(
  ['src/lib/supabase-client.ts', 'src/app/routes/signed-in-account.tsx', 'src/app/toaster.tsx'],
  new Set(initial),
);

console.log(
  `initial JS for / (gzip -9, all a visitor without a session downloads): ${kb(gzippedBytes(initial))} in ${initial.size} chunks`,
);
for (const key of initial) console.log(`  ${manifest[key]!.file}  ${kb(gzippedBytes([key]))}`);
console.log(
  `JS for / with a stored session (+ auth client, account menu, toast area): ${kb(gzippedBytes(withSession))}`,
);

const fonts = readdirSync(join(dist, 'assets')).filter((file) => /\.(woff2?|ttf|otf)$/.test(file));
const fontBytes = fonts.reduce((sum, file) => sum + statSync(join(dist, 'assets', file)).size, 0);
console.log(`fonts: ${kb(fontBytes)} in ${fonts.length} files`);
for (const file of fonts)
  console.log(`  assets/${file}  ${kb(statSync(join(dist, 'assets', file)).size)}`);
