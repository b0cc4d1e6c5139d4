// How long a document reads: words and sentences of its running text (issue 29's limits).
/** A fenced block: code or a diagram. */
export const FENCE = /^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm;

/** Running text only: no fenced blocks (code, diagrams), tables or headings; inline code is one word, which may start a sentence. */
export function prose(markdown: string): string {
  return markdown
    .replace(FENCE, '')
    .split('\n')
    .filter((line) => !/^\s*(\||#)/.test(line))
    .join('\n')
    .replace(/`[^`\n]*`/g, 'Code')
    .replace(/\]\([^)\s]*\)/g, ']');
}

export const wordsOf = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));

/** Paragraphs and list items end a sentence too, so a bullet without a full stop still counts. */
export function sentences(text: string): string[] {
  return text
    .split(/\n\s*\n|\n\s*(?:[-*]|\d+\.)\s+/)
    .flatMap((block) => block.split(/(?<=[.!?]["”)]?)\s+(?=[^a-z])/))
    .filter((sentence) => wordsOf(sentence).length > 0);
}

export function averageSentenceWords(markdown: string): number {
  const all = sentences(prose(markdown));
  return all.reduce((sum, s) => sum + wordsOf(s).length, 0) / all.length;
}
