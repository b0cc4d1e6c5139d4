const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The letter as a standalone, well-formed (XHTML-compatible) HTML document that Google Docs
 * opens as a document: one paragraph per block, line breaks kept, leading indents kept.
 */
export function letterToHtml(text: string, title: string): string {
  const blocks = text
    .trimEnd()
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block
        .split('\n')
        .map((line) => escapeHtml(line).replace(/^ +/, (spaces) => '&#160;'.repeat(spaces.length)));
      return `<p>${lines.join('<br />')}</p>`;
    });
  return [
    '<!DOCTYPE html>',
    '<html xmlns="http://www.w3.org/1999/xhtml" lang="en">',
    '<head>',
    '<meta charset="utf-8" />',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body { font-family: "Times New Roman", serif; font-size: 12pt; line-height: 1.4; } p { margin: 0 0 12pt; }</style>',
    '</head>',
    '<body>',
    ...blocks,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
