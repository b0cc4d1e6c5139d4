import { useId, type ReactNode, type Ref } from 'react';

interface GuidedStepProps {
  index: number;
  count: number;
  title: string;
  current: boolean;
  /** The heading takes focus when the user moves to this step. */
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** One step of the guided flow; the others stay in the page, hidden, so nothing typed is lost. */
export function GuidedStep({
  index,
  count,
  title,
  current,
  headingRef,
  children,
}: GuidedStepProps) {
  const headingId = useId();
  return (
    <section hidden={!current} aria-labelledby={headingId} data-step={index}>
      <p className="text-sm font-semibold text-blue-800">{`Step ${index + 1} of ${count}`}</p>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mt-1 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
