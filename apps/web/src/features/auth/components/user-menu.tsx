import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { AuthUser } from '../hooks/use-auth';
import { LineIcon } from '../../../components/ui/line-icon';

interface UserMenuProps {
  user: AuthUser;
  onSignOut: () => void;
}

/**
 * The signed-in user's dropdown in the navigation bar: the display name linking to
 * the profile page, and Sign Out. A disclosure button: Enter or Space opens it, Tab walks it,
 * Escape or a click elsewhere closes it.
 */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div
      ref={rootRef}
      className={`dropdown dropdown-end ${open ? 'dropdown-open' : ''}`}
      onBlur={(event) => {
        // Tabbing out closes it; a click outside is handled above (some browsers do not
        // move focus on a click, and then name no next element).
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-sm gap-1.5 px-1.5 sm:gap-2 sm:px-2"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span
          className="bg-primary text-primary-content grid h-7 w-7 place-items-center rounded-full text-sm"
          aria-hidden="true"
        >
          {initial}
        </span>
        <span className="sr-only max-w-40 sm:not-sr-only sm:truncate">{user.name}</span>
        <LineIcon className="h-4 w-4">
          <path d="m6 9 6 6 6-6" />
        </LineIcon>
      </button>
      {open && (
        <ul
          id={menuId}
          className="menu dropdown-content bg-base-100 rounded-box border-base-200 z-40 mt-2 w-60 border p-2 shadow"
        >
          <li className="menu-title text-base-content/70 w-full font-normal">
            <span className="block max-w-full truncate" title={user.email}>
              {user.email}
            </span>
          </li>
          <li>
            <Link to={paths.dashboard.profile} onClick={() => setOpen(false)}>
              <span className="block truncate">{user.name}</span>
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onSignOut();
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
