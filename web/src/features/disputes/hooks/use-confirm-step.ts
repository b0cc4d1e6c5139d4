import { useEffect, useRef, useState } from 'react';

/**
 * A button that swaps into "Yes, …" / "Cancel": focus moves to the confirm button when it
 * appears, and back to the first button on cancel, so keyboard and screen-reader users follow.
 */
export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    (confirming ? confirmRef : triggerRef).current?.focus();
  }, [confirming]);

  const ask = () => {
    moved.current = true;
    setConfirming(true);
  };
  const cancel = () => {
    moved.current = true;
    setConfirming(false);
  };
  return { confirming, ask, cancel, confirmRef, triggerRef };
}
