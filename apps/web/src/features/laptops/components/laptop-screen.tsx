import type { LaptopModel, LaptopPage, Part } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLaptopPage } from '../api/get-laptop-page';
import { alsoKnownAs, CATEGORY_PARAM, laptopName, partCount } from '../utils/laptop-text';
import { pickerAnchorHref, pickerHref } from '../utils/laptop-links';

interface LaptopScreenProps {
  slug: string;
  /** One part's card, from the screen that composes this one (the search's part card). */
  renderPart: (part: Part) => ReactNode;
  /** What an unknown model shows: the missing page's look. */
  notFound: ReactNode;
}

/** Home > Lenovo > ThinkPad T-series > ThinkPad T480. */
function ModelBreadcrumb({ model }: { model: LaptopModel }) {
  return (
    <Breadcrumb
      crumbs={[
        { label: 'Home', to: paths.home },
        { label: model.brand.name, to: pickerHref(model.brand.slug) },
        { label: model.series.name, to: pickerHref(model.brand.slug, model.series.slug) },
      ]}
      current={model.name}
    />
  );
}

/** The part types the model has parts of, as links that keep the choice in the URL. */
type Groups = LaptopPage['groups'];

function CategoryFilter({ groups, chosen }: { groups: Groups; chosen: string | null }) {
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);
  const choices = [
    { slug: null, label: 'All parts', count: total },
    ...groups.map((group) => ({
      slug: group.category.slug,
      label: group.category.name,
      count: group.items.length,
    })),
  ];
  return (
    <nav aria-label="Part types" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const current = choice.slug === chosen;
          return (
            <li key={choice.slug ?? 'all'}>
              <Link
                to={{
                  search: choice.slug
                    ? `?${new URLSearchParams({ [CATEGORY_PARAM]: choice.slug })}`
                    : '',
                }}
                aria-current={current ? 'true' : undefined}
                className={`btn btn-sm rounded-full ${current ? 'btn-primary' : 'btn-outline'}`}
                preventScrollReset
              >
                {choice.label}
                <span className={current ? '' : 'text-base-content/70'}>({choice.count})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Grey shapes of the page (title, filter, cards) while it loads. */
function LaptopSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading the laptop's parts</span>
      <div aria-hidden="true">
        <div className="skeleton h-4 w-64 max-w-full" />
        <div className="skeleton mt-5 h-9 w-96 max-w-full" />
        <div className="skeleton mt-3 h-5 w-48" />
        <div className="mt-6 flex gap-2">
          {[24, 28, 20].map((width) => (
            <div
              key={width}
              className="skeleton h-8 rounded-full"
              style={{ width: `${width * 4}px` }}
            />
          ))}
        </div>
        <div className="skeleton mt-10 h-7 w-40" />
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 3 }, (_, index) => (
            <li
              key={index}
              className="border-base-300 rounded-box grid grid-cols-[6rem_1fr] gap-3 border p-3 sm:flex sm:flex-col"
            >
              <div className="skeleton rounded-box aspect-square w-full" />
              <div className="flex flex-col gap-2">
                <div className="skeleton h-4 w-24" />
                <div className="skeleton h-5 w-3/4" />
                <div className="skeleton h-6 w-20" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function LaptopParts({
  groups: all,
  model,
  renderPart,
}: {
  groups: Groups;
  model: LaptopModel;
  renderPart: (part: Part) => ReactNode;
}) {
  const [params] = useSearchParams();
  const asked = params.get(CATEGORY_PARAM);
  const chosen = all.some((group) => group.category.slug === asked) ? asked : null;
  const groups = chosen ? all.filter((group) => group.category.slug === chosen) : all;
  const also = alsoKnownAs(model);
  return (
    <>
      <ModelBreadcrumb model={model} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold text-balance md:text-4xl">
          Parts for {laptopName(model)}
        </h1>
        {also && <p className="text-base-content/70 mt-2">{also}</p>}
      </header>
      {all.length === 0 ? (
        <div className="rounded-box bg-base-200 mt-8 flex flex-col items-center gap-4 px-4 py-12 text-center">
          <p className="text-lg font-medium">No parts for this model yet</p>
          <p className="text-base-content/80 max-w-md">
            New parts arrive every week. Search the shop for the model, or choose another laptop.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Link to={paths.searchFor(model.name)} className="btn btn-primary">
              Search for {model.name}
            </Link>
            <Link to={pickerAnchorHref} className="btn btn-outline">
              Choose another laptop
            </Link>
          </div>
        </div>
      ) : (
        <>
          <CategoryFilter groups={all} chosen={chosen} />
          {asked && !chosen && (
            <p role="status" className="text-base-content/80 mt-4">
              This model has no parts of that type yet: here are all its parts.
            </p>
          )}
          {groups.map((group) => {
            const headingId = `parts-${group.category.slug}`;
            return (
              <section key={group.category.slug} aria-labelledby={headingId} className="mt-10">
                <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
                  {group.category.name}{' '}
                  <span className="text-base-content/70 text-base font-normal">
                    {partCount(group.items.length)}
                  </span>
                </h2>
                <ul className="mt-4 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
                  {group.items.map((part) => (
                    <li key={part._id} className="flex">
                      {renderPart(part)}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      )}
    </>
  );
}

/**
 * A laptop model's page (`/laptops/{slug}`, docs/product.md): where it sits, its other names,
 * and every part on sale that fits it, by part type, with a filter kept in the URL
 * (`?category=battery`) so Back, Forward and a reload keep it.
 */
export function LaptopScreen({ slug, renderPart, notFound }: LaptopScreenProps) {
  const page = useLaptopPage(slug);
  useDocumentTitle(page.data && `Parts for ${laptopName(page.data.model)}`);
  const missing = page.isError && page.error instanceof ApiError && page.error.status === 404;
  if (missing) return notFound;
  return (
    <div className="content-width py-8 sm:py-10">
      {page.isPending ? (
        <LaptopSkeleton />
      ) : page.isError && !page.data ? (
        <ErrorState
          title="This laptop's parts could not be loaded"
          error={page.error}
          onRetry={() => void page.refetch()}
          headingLevel={1}
        >
          <Link to={paths.home} className="btn btn-sm">
            Back to the shop
          </Link>
        </ErrorState>
      ) : (
        <LaptopParts groups={page.data.groups} model={page.data.model} renderPart={renderPart} />
      )}
    </div>
  );
}
