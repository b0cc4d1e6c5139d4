/** React 19 hoists <title> into <head>: each page names itself for tabs and screen readers. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | Credit Dispute Letters` : 'Credit Dispute Letters'}</title>;
}
