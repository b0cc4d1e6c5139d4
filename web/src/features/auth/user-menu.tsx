import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export interface UserMenuProps {
  name: string;
  subscriptionLoading: boolean;
  subscriptionActive: boolean;
  /** Whether there is a Stripe customer whose billing can be managed. */
  canManageBilling: boolean;
  onManageBilling(): void;
  onSignOut(): void;
}

const itemClasses = 'block w-full rounded-md px-3 py-2 text-left text-gray-800 hover:bg-gray-100';

/** A disclosure (button + list), so Tab, Enter, Space and Escape all work as expected. */
export function UserMenu(props: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const status = props.subscriptionLoading
    ? 'Loading...'
    : props.subscriptionActive
      ? 'Active Subscription'
      : 'No Active Plan';

  return (
    <div ref={container} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex max-w-full items-center gap-2 rounded-md px-3 py-2 text-left hover:bg-gray-100"
      >
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="max-w-40 truncate font-semibold text-ink">{props.name}</span>
          <span
            className={`text-xs ${props.subscriptionActive ? 'text-green-800' : 'text-gray-700'}`}
          >
            {status}
          </span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5 7l5 6 5-6z" />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 z-50 mt-2 w-60 space-y-1 rounded-lg border border-gray-200 bg-white p-2 shadow-lg"
        >
          <li className="border-b border-gray-100 px-3 pt-1 pb-2 text-sm">
            {props.subscriptionActive ? (
              <p>
                <span className="font-semibold">Credit Dispute Letters</span> /{' '}
                <span className="text-green-800">Active</span>
              </p>
            ) : (
              <Link
                to={paths.payment}
                className="font-semibold text-brand-800 underline"
                onClick={() => setOpen(false)}
              >
                Subscribe
              </Link>
            )}
          </li>
          {props.canManageBilling && (
            <li>
              <button
                type="button"
                className={itemClasses}
                onClick={() => {
                  setOpen(false);
                  props.onManageBilling();
                }}
              >
                Manage billing
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              className={itemClasses}
              onClick={() => {
                setOpen(false);
                props.onSignOut();
              }}
            >
              Sign Out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
