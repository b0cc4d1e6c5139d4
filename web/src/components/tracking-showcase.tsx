const POINTS = [
  {
    title: 'Deadlines tracked',
    text: 'Each mailed letter gets its answer deadline, counted from delivery as the law counts it, and a calendar reminder the day before.',
  },
  {
    title: 'The right follow-up',
    text: 'Record what came back: My Disputes builds the next letter (method of verification, no response, resubmission, reinsertion) and a CFPB complaint text.',
  },
  {
    title: 'One mailing packet',
    text: 'Your letter and its exhibits, each page stamped with its number, in one PDF to print and mail.',
  },
] as const;

/** After the letter: what My Disputes does, with a picture of its dashboard (home and /payment). */
export function TrackingShowcase({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid items-center gap-8 lg:grid-cols-2">
      <div>
        <Heading id="tracking-heading" className="text-2xl font-bold text-night sm:text-3xl">
          After you mail it, we keep track
        </Heading>
        <ul className="mt-6 space-y-4">
          {POINTS.map((point) => (
            <li key={point.title}>
              <p className="font-semibold text-ink">{point.title}</p>
              <p className="mt-1 text-muted">{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <img
        src="/my-disputes-dashboard.png"
        alt="My Disputes: three disputes, the overdue one first, each with its status, due date and next step"
        width={864}
        height={372}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-xl shadow-sm ring-1 ring-line"
      />
    </div>
  );
}
