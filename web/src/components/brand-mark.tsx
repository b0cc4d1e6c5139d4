/** The brand mark: a letter with a check seal (the favicon is the same drawing). */
export function BrandMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="7" fill="#0f1d47" />
      <path d="M9 5.5h9.5L24 11v15.5H9z" fill="#fff" />
      <path d="M18.5 5.5V11H24" fill="#bfdbfe" />
      <path d="M12 14.5h7M12 18h5" stroke="#1d4ed8" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="21.5" cy="23" r="5" fill="#1d4ed8" stroke="#0f1d47" strokeWidth="1.5" />
      <path
        d="m19.4 23 1.5 1.5 2.8-3"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
