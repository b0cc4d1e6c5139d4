// jszip is imported when a .zip is asked for, so that it is in no page's initial JavaScript.

export interface TextFile {
  name: string;
  text: string;
}

/** `name`, or `name-2.txt`, `name-3.txt`… when a file of that name is already in the zip. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let copy = 2; taken.has(candidate); copy++)
    candidate = name.replace(/(\.[^.]*)?$/, (extension) => `-${copy}${extension}`);
  taken.add(candidate);
  return candidate;
}

/** One .zip holding every file; two files of one name are both kept. */
export async function zipFiles(files: readonly TextFile[]): Promise<Blob> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const taken = new Set<string>();
  for (const file of files) zip.file(uniqueName(file.name, taken), file.text);
  return zip.generateAsync({ type: 'blob', mimeType: 'application/zip' });
}
