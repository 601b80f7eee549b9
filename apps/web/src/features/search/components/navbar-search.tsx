import type { FormEvent } from 'react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { paths } from '../../../lib/paths';

/**
 * The navbar's compact box (in the menu on phones): Enter opens the search page for the words.
 * A plain form to `/search?q=`, so it works before the page's script has run (a prerendered
 * page); after that the router takes it. It imports neither the search page nor zod, since
 * the navbar is on every screen.
 */
export function NavbarSearch({ className = '' }: { className?: string }) {
  const inputId = useId();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Read from the form, not from state: words typed before hydration count too.
    void navigate(paths.searchFor(String(new FormData(form).get('q') ?? '')));
    form.reset();
    // The phone's menu is open while focus is inside it: letting go of focus closes it.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };
  return (
    <form
      role="search"
      aria-label="Parts"
      action={paths.search}
      method="get"
      onSubmit={submit}
      className={className}
    >
      <label htmlFor={inputId} className="sr-only">
        Search parts
      </label>
      {/* The focus ring is the input's own: the box is the input, the icon sits on it. */}
      <div className="relative">
        <LineIcon className="text-base-content/70 pointer-events-none absolute top-1/2 left-2.5 z-10 h-4 w-4 -translate-y-1/2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" strokeLinecap="round" />
        </LineIcon>
        <input
          id={inputId}
          type="search"
          name="q"
          placeholder="Part number, model or part"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="input input-sm w-full pl-8"
        />
      </div>
    </form>
  );
}
