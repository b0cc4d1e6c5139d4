import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` is the script node was started with. Compared as real file
 * paths: a URL escapes spaces (`%20`) and node resolves symlinks, so comparing `import.meta.url`
 * with `file://${argv[1]}` is false in a path with a space, and the script would do nothing.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(script);
  } catch {
    return false;
  }
}
