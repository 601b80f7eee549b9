import { LAPTOP_LIST_MAX } from '@shop/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SectionHeading } from '../../../components/ui/section-heading';
import { paths } from '../../../lib/paths';
import { useLaptopBrands } from '../api/get-laptop-brands';
import { useLaptops } from '../api/get-laptops';
import { PICKER_BRAND_PARAM, PICKER_SERIES_PARAM } from '../utils/laptop-links';
import { laptopName } from '../utils/laptop-text';
import { LaptopSearch } from './laptop-search';

interface StepProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The first, empty choice: what to do, or why there is nothing to choose yet. */
  prompt: string;
  children: ReactNode;
}

/** One step of the picker: a labelled select. */
function Step({ label, value, onChange, disabled, prompt, children }: StepProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        className="select w-full"
      >
        <option value="">{prompt}</option>
        {children}
      </select>
    </div>
  );
}

/**
 * "Find parts for your laptop" (docs/product.md, Home): brand, then series, then model, each
 * list from the API, and "Show parts" opens the model's page; or a model or machine type typed
 * in the box below, with suggestions.
 */
export function LaptopPicker() {
  const navigate = useNavigate();
  const brands = useLaptopBrands();
  // A link may choose the first two steps (`/?brand=lenovo&series=thinkpad-t-series`): a page
  // asked with a query is rendered by the browser, never hydrated over the build's HTML.
  const [params] = useSearchParams();
  const [brand, setBrand] = useState(() => params.get(PICKER_BRAND_PARAM) ?? '');
  const [series, setSeries] = useState(() =>
    brand ? (params.get(PICKER_SERIES_PARAM) ?? '') : '',
  );
  const [model, setModel] = useState('');
  const models = useLaptops(
    { brand, series, limit: LAPTOP_LIST_MAX },
    brand !== '' && series !== '',
  );

  const brandList = brands.data?.brands ?? [];
  const seriesList = brandList.find((each) => each.slug === brand)?.series ?? [];
  const modelList = brand && series ? (models.data?.models.flatMap((m) => m ?? []) ?? []) : [];
  const chosen = modelList.find((each) => each.slug === model);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen) void navigate(paths.laptop(chosen.slug));
  };

  let brandPrompt = 'Choose a brand';
  if (brands.isPending) brandPrompt = 'Loading brands…';
  else if (brands.isError) brandPrompt = 'Brands not loaded';
  else if (brandList.length === 0) brandPrompt = 'No laptops yet';
  let modelPrompt = series ? 'Choose a model' : 'Choose a series first';
  if (series && models.isPending) modelPrompt = 'Loading models…';
  else if (series && models.isError) modelPrompt = 'Models not loaded';

  const failed = brands.isError ? brands : models.isError ? models : null;

  return (
    <section
      id={paths.laptopPickerAnchor}
      aria-labelledby="find-parts-title"
      className="scroll-mt-20 py-16"
    >
      <SectionHeading
        eyebrow="Does it fit?"
        title="Find parts for your laptop"
        id="find-parts-title"
      />
      <p className="text-base-content/80 mx-auto -mt-4 mb-8 max-w-2xl text-center">
        Choose your laptop, or type its model or machine type, to see every part that fits it.
      </p>
      <div className="border-base-300 bg-base-100 rounded-box mx-auto flex max-w-4xl flex-col gap-6 border p-4 sm:p-6">
        <form
          aria-label="Choose your laptop"
          onSubmit={onSubmit}
          className="grid items-end gap-4 md:grid-cols-[1fr_1fr_1fr_auto]"
        >
          <Step
            label="Brand"
            value={brand}
            onChange={(value) => {
              setBrand(value);
              setSeries('');
              setModel('');
            }}
            disabled={brandList.length === 0}
            prompt={brandPrompt}
          >
            {brandList.map((each) => (
              <option key={each.slug} value={each.slug}>
                {each.name}
              </option>
            ))}
          </Step>
          <Step
            label="Series"
            value={series}
            onChange={(value) => {
              setSeries(value);
              setModel('');
            }}
            disabled={seriesList.length === 0}
            prompt={brand ? 'Choose a series' : 'Choose a brand first'}
          >
            {seriesList.map((each) => (
              <option key={each.slug} value={each.slug}>
                {each.name}
              </option>
            ))}
          </Step>
          <Step
            label="Model"
            value={model}
            onChange={setModel}
            disabled={modelList.length === 0}
            prompt={modelPrompt}
          >
            {modelList.map((each) => (
              <option key={each.slug} value={each.slug}>
                {each.name}
              </option>
            ))}
          </Step>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!chosen}
            aria-label={chosen ? `Show parts for ${laptopName(chosen)}` : undefined}
          >
            Show parts
          </button>
        </form>
        {failed && (
          <p role="alert" className="text-sm text-red-700">
            {failed === brands
              ? 'The laptop brands could not be loaded.'
              : 'The models could not be loaded.'}{' '}
            <button
              type="button"
              className="btn btn-link btn-sm h-auto min-h-0 px-0 align-baseline"
              onClick={() => void failed.refetch()}
            >
              Try again
            </button>
          </p>
        )}
        <LaptopSearch />
      </div>
    </section>
  );
}
