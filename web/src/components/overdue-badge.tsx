/** The look of a count of overdue disputes: white on red, a pill. */
export const countBadgeClasses =
  'inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white';

/** The red count of overdue disputes on the header's "My Disputes" link. */
export function OverdueBadge({ count }: { count: number }) {
  return (
    <span data-testid="overdue-badge" className={`ml-1.5 ${countBadgeClasses}`}>
      {count}
      <span className="sr-only"> overdue</span>
    </span>
  );
}
