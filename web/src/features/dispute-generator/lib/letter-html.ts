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

function blocks(text: string): string[] {
  return text
    .trimEnd()
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block
        .split('\n')
        .map((line) => escapeHtml(line).replace(/^ +/, (spaces) => '&#160;'.repeat(spaces.length)));
      return `<p>${lines.join('<br />')}</p>`;
    });
}

/**
 * The letter as a standalone, well-formed (XHTML-compatible) HTML document that Google Docs
 * opens as a document: one paragraph per block, line breaks kept, leading indents kept; the
 * mailing advice follows on a page of its own.
 */
export function letterToHtml(text: string, advice: string, title: string): string {
  return [
    '<!DOCTYPE html>',
    '<html xmlns="http://www.w3.org/1999/xhtml" lang="en">',
    '<head>',
    '<meta charset="utf-8" />',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body { font-family: "Times New Roman", serif; font-size: 12pt; line-height: 1.4; } p { margin: 0 0 12pt; } .advice { page-break-before: always; break-before: page; }</style>',
    '</head>',
    '<body>',
    '<div class="letter">',
    ...blocks(text),
    '</div>',
    '<div class="advice">',
    ...blocks(advice),
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
