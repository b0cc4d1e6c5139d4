import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { entryHtmlFor } from '../shared/site-entry';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

async function readIfFile(path: string): Promise<Buffer | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;

/** Compressed copies of the (immutable once built) files, made on first request. */
const compressedCache = new Map<string, Buffer>();

/**
 * The body as CloudFront's automatic compression sends it: brotli or gzip when the client
 * accepts it and the type is text, as is otherwise.
 */
function encode(
  c: Context,
  path: string,
  file: Buffer,
  contentType: string,
): Uint8Array<ArrayBuffer> {
  const accepted = c.req.header('accept-encoding') ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding || !COMPRESSIBLE.test(contentType) || file.length < 1024) {
    return new Uint8Array(file);
  }
  const key = `${encoding}:${path}:${file.length}`;
  let body = compressedCache.get(key);
  if (!body) {
    body = encoding === 'br' ? brotliCompressSync(file) : gzipSync(file, { level: 9 });
    compressedCache.set(key, body);
  }
  c.header('Content-Encoding', encoding);
  c.header('Vary', 'Accept-Encoding');
  return new Uint8Array(body);
}

/**
 * Serves the built SPA like CloudFront does: files as they are (hashed assets cached for ever),
 * any extension-less path falls back to its entry HTML (history routing: each route's
 * prerendered page, the not-found page for other paths), and a missing file with an extension
 * is a plain 404, never HTML.
 */
export function createStaticSiteHandler(webDist: string) {
  const root = resolve(webDist);
  return async (c: Context) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.json(
        { error: 'Bad Request', message: 'Malformed percent-encoding in the path' },
        400,
      );
    }
    const target = normalize(join(root, pathname));
    if (target !== root && !target.startsWith(root + sep)) return c.text('Not Found', 404);

    const file = pathname.endsWith('/') ? null : await readIfFile(target);
    if (file) {
      const immutable = pathname.startsWith('/assets/');
      const contentType = CONTENT_TYPES[extname(target)] ?? 'application/octet-stream';
      c.header('Content-Type', contentType);
      c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return c.body(encode(c, target, file, contentType));
    }
    if (extname(pathname) || pathname.startsWith('/assets/')) return c.text('Not Found', 404);

    const entryPath = join(root, entryHtmlFor(pathname));
    const entry = await readIfFile(entryPath);
    if (!entry) return c.text('The web app is not built yet: run npm run build:web', 503);
    c.header('Content-Type', CONTENT_TYPES['.html']!);
    c.header('Cache-Control', 'no-cache');
    return c.body(encode(c, entryPath, entry, CONTENT_TYPES['.html']!));
  };
}
