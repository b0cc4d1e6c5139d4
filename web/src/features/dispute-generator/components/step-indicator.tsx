interface StepIndicatorProps {
  steps: readonly string[];
  current: number;
  onSelect: (index: number) => void;
}

/** The guided flow's steps, each a button to go straight to it; the current one is marked. */
export function StepIndicator({ steps, current, onSelect }: StepIndicatorProps) {
  return (
    <nav aria-label="Letter steps">
      <ol className="grid grid-cols-3 gap-2">
        {steps.map((title, index) => {
          const isCurrent = index === current;
          return (
            <li key={title}>
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onSelect(index)}
                className={`flex h-full w-full flex-col items-center gap-1 rounded-lg border px-2 py-2 text-center text-sm font-semibold ${
                  isCurrent
                    ? 'border-blue-800 bg-blue-800 text-white'
                    : 'border-gray-300 bg-white text-gray-900 hover:border-blue-800'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 items-center justify-center rounded-full text-xs ${
                    isCurrent ? 'bg-white text-blue-900' : 'bg-gray-100 text-gray-900'
                  }`}
                >
                  {index + 1}
                </span>
                <span>
                  <span className="sr-only">{`Step ${index + 1}: `}</span>
                  {title}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
