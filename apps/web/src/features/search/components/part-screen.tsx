import {
  formatMoney,
  isInStock,
  type LaptopRef,
  type PartImage,
  type Review,
  type PartPage,
} from '@shop/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { ErrorState } from '../../../components/ui/error-state';
import { ReviewCard } from '../../../components/ui/review-card';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePartPage } from '../api/get-part-page';
import { shownPartNumber } from '../utils/search-text';
import { ConditionBadge } from './condition-badge';
import { PartFacts } from './part-details';

type Part = PartPage['part'];

interface PartScreenProps {
  slug: string;
  /** What a buyer can do with it ("Add to cart", "Order Now"), from the screen that composes this one. */
  actions: (part: Part) => ReactNode;
  /** What a slug that names no part shows: the missing page's look. */
  notFound: ReactNode;
  /** What a retired part's page shows (410): where to look instead. */
  gone: ReactNode;
}

/** The search page listing one part type (its filter's URL): where the breadcrumb's part type leads. */
const categoryHref = (category: string) => `${paths.search}?${new URLSearchParams({ category })}`;

/** Home > Batteries > Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell (the page's BreadcrumbList names the same). */
function PartBreadcrumb({ part }: { part: Part }) {
  return (
    <Breadcrumb
      crumbs={[
        { label: 'Home', to: paths.home },
        { label: part.category.name, to: categoryHref(part.category.slug) },
      ]}
      current={part.title}
    />
  );
}

/** Every laptop the part fits, by brand, as links to their pages. */
function FitsList({ fits }: { fits: readonly LaptopRef[] }) {
  // The API lists them by brand, then name.
  const brands = new Map<string, LaptopRef[]>();
  for (const model of fits) brands.set(model.brand, [...(brands.get(model.brand) ?? []), model]);
  return (
    <section aria-labelledby="part-fits" className="mt-10">
      <h2 id="part-fits" className="text-xl font-bold">
        Fits these laptops
      </h2>
      {fits.length === 0 ? (
        <p className="text-base-content/80 mt-3">
          No laptop is listed for this part yet: check its part numbers against your old part.
        </p>
      ) : (
        <div className="mt-3 grid gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          {[...brands].map(([brand, models]) => (
            <div key={brand}>
              <h3 className="font-semibold">{brand}</h3>
              <ul className="mt-1 flex flex-col">
                {models.map((model) => (
                  <li key={model.slug}>
                    <Link
                      to={paths.laptop(model.slug)}
                      className="link link-hover text-primary inline-flex min-h-8 items-center"
                    >
                      {brand} {model.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** Grey shapes of the page while it loads (a visit from another page of the shop). */
/** The reviews that name the part, newest first; none, no section. */
function PartReviews({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby="part-reviews" className="mt-10">
      <h2 id="part-reviews" className="text-xl font-bold">
        Reviews
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <li key={review._id} data-testid="part-review">
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PartSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading the part</span>
      <div aria-hidden="true">
        <div className="skeleton h-4 w-64 max-w-full" />
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <div className="skeleton rounded-box aspect-square w-full" />
          <div className="flex flex-col gap-4">
            <div className="skeleton h-5 w-32" />
            <div className="skeleton h-9 w-full" />
            <div className="skeleton h-8 w-28" />
            <div className="skeleton h-10 w-full" />
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * An uploaded image in the best format the browser takes, at the width `sizes` says its box
 * needs, its box kept while it loads (its width and height).
 */
function UploadedPicture({
  image,
  sizes,
  className,
  first,
  alt = image.alt,
}: {
  image: PartImage;
  sizes: string;
  className: string;
  /** The page's main picture: fetched first, before the others. */
  first?: boolean;
  /** Another text than the image's alt: "" where what holds it already names it. */
  alt?: string;
}) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        sizes={sizes}
        fetchPriority={first ? 'high' : undefined}
        loading={first ? undefined : 'lazy'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/**
 * The part's pictures: the one shown large (the first uploaded to start with; half the page
 * from 768 px, the whole width below), and when there are several, each small below it, a button
 * that shows it large. No uploaded image: the picture typed by hand.
 */
function PartPictures({ part, images }: { part: Part; images: readonly PartImage[] }) {
  const [shown, setShown] = useState(0);
  const box = 'h-full w-full object-contain p-4';
  const large = images[Math.min(shown, images.length - 1)];
  return (
    <div className="min-w-0">
      <figure className="bg-base-200 rounded-box aspect-square overflow-hidden">
        {large ? (
          <UploadedPicture
            key={large.id}
            image={large}
            sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            className={box}
            first
          />
        ) : (
          <img
            src={part.img}
            alt={part.title}
            width={800}
            height={800}
            fetchPriority="high"
            decoding="async"
            className={box}
          />
        )}
      </figure>
      {images.length > 1 && (
        <ul aria-label="Pictures" className="mt-3 flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                aria-pressed={index === shown}
                aria-label={`Picture ${index + 1} of ${images.length}: ${image.alt}`}
                onClick={() => setShown(index)}
                className={`bg-base-200 rounded-field block h-16 w-16 overflow-hidden border-2 ${index === shown ? 'border-primary' : 'border-transparent'}`}
              >
                <UploadedPicture
                  image={image}
                  sizes="64px"
                  alt=""
                  className="h-full w-full object-contain p-1"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The top of the page: the picture beside the name, price, stock and what a buyer can do. */
function PartSummary({
  part,
  images,
  actions,
}: {
  part: Part;
  images: readonly PartImage[];
  actions: ReactNode;
}) {
  const number = shownPartNumber(part.partNumbers);
  const inStock = isInStock(part);
  return (
    <div className="mt-6 grid gap-8 md:grid-cols-2">
      <PartPictures part={part} images={images} />
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ConditionBadge condition={part.condition} />
          <span className="text-base-content/80 text-sm">
            {part.category.name} · {part.brand}
          </span>
        </div>
        <h1 id="part-name" className="text-3xl font-bold break-words text-balance">
          {part.title}
        </h1>
        {number && (
          <p className="text-base-content/80">
            {number.label} <span className="font-mono">{number.number}</span>
          </p>
        )}
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <p className="text-primary text-3xl font-bold" data-testid="price">
            {formatMoney(part.price)}
          </p>
          <p
            className={`font-medium ${inStock ? 'text-success' : 'text-error'}`}
            data-testid="stock"
          >
            {inStock ? 'In stock' : 'Out of stock'}
          </p>
        </div>
        {part.minOrderQuantity > 1 && (
          <p className="text-base-content/80 text-sm">
            Sold in quantities of {part.minOrderQuantity} or more.
          </p>
        )}
        {actions}
        <PartFacts tool={part} also="name" />
      </div>
    </div>
  );
}

/**
 * A part's public page (`/parts/{slug}`, docs/product.md): everyone may read it, and it arrives
 * rendered by the server with the part's data (decision 036), so the first render here has the
 * data and matches it. Its picture, name, price, stock, numbers, description and every laptop
 * it fits.
 */
export function PartScreen({ slug, actions, notFound, gone }: PartScreenProps) {
  const page = usePartPage(slug);
  useDocumentTitle(page.data?.part.title);
  const status = page.error instanceof ApiError ? page.error.status : null;
  if (status === 404) return notFound;
  if (status === 410) return gone;
  return (
    <div className="content-width py-8 sm:py-10">
      {page.isPending ? (
        <PartSkeleton />
      ) : !page.data ? (
        <ErrorState
          title="This part could not be loaded"
          error={page.error}
          onRetry={() => void page.refetch()}
          headingLevel={1}
        >
          <Link to={paths.home} className="btn btn-sm">
            Back to the shop
          </Link>
        </ErrorState>
      ) : (
        <article aria-labelledby="part-name">
          <PartBreadcrumb part={page.data.part} />
          <PartSummary
            part={page.data.part}
            images={page.data.images}
            actions={actions(page.data.part)}
          />
          <section aria-labelledby="part-description" className="mt-10 max-w-3xl">
            <h2 id="part-description" className="text-xl font-bold">
              Description
            </h2>
            <p className="text-base-content/90 mt-3 whitespace-pre-line">
              {page.data.part.description}
            </p>
          </section>
          <FitsList fits={page.data.fits} />
          <PartReviews reviews={page.data.reviews} />
        </article>
      )}
    </div>
  );
}
