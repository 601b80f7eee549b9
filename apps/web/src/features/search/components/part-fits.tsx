import type { Part } from '@shop/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ApiError } from '../../../lib/api-client';
import { usePartFits } from '../api/get-part-fits';
import { fitsSummary } from '../utils/search-text';

/** The laptops as links to their pages. */
function ModelLinks({ models }: { models: { slug: string; name: string; brand: string }[] }) {
  return (
    <ul className="mt-1 flex flex-col gap-0.5">
      {models.map((model) => (
        <li key={model.slug}>
          <Link
            to={paths.laptop(model.slug)}
            className="link link-hover text-primary inline-flex min-h-6 items-center"
          >
            {model.brand} {model.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Every model the part fits, asked for when the list opens. */
function AllModels({ part }: { part: Part }) {
  const fits = usePartFits(part._id, true);
  if (fits.isPending) {
    return (
      <p role="status" className="text-base-content/70 mt-1 flex items-center gap-2">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        Loading the laptops…
      </p>
    );
  }
  // Until the full list's route is there (404), the card lists the models it already names.
  if (fits.isError && fits.error instanceof ApiError && fits.error.status === 404) {
    return <ModelLinks models={part.fits.models} />;
  }
  if (fits.isError) {
    return (
      <p role="alert" className="mt-1 text-red-700">
        The laptops could not be loaded.{' '}
        <button
          type="button"
          className="btn btn-link btn-xs h-auto min-h-0 px-0 align-baseline"
          onClick={() => void fits.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  // The generated contract types each model as nullable (the search answer's `model` shares
  // its schema); the route never answers a null one.
  const models = fits.data.models.flatMap((model) =>
    model ? [{ slug: model.slug, name: model.name, brand: model.brand.name }] : [],
  );
  return <ModelLinks models={models} />;
}

/**
 * "Fits ThinkPad T480, T470 and 3 more": "3 more" opens the whole list below it, fetched only
 * then (`GET /api/tools/{id}/fits`).
 */
export function PartFits({ part }: { part: Part }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const summary = fitsSummary(part.fits);
  if (!summary) return null;
  return (
    <div className="text-xs sm:text-sm">
      <p>
        {summary.text}
        {summary.more > 0 && (
          <>
            {' and '}
            <button
              type="button"
              className="link link-primary font-medium"
              aria-expanded={open}
              aria-controls={listId}
              aria-label={`${summary.more} more laptops: every laptop ${part.name} fits`}
              onClick={() => setOpen(!open)}
            >
              {summary.more} more
            </button>
          </>
        )}
      </p>
      <div id={listId} hidden={!open}>
        {open && <AllModels part={part} />}
      </div>
    </div>
  );
}
