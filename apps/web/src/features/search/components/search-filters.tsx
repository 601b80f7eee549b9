import { PART_CONDITIONS, type PartCondition, type SearchResult } from '@shop/shared';
import { useId, useState } from 'react';
import {
  countFilters,
  type FilterName,
  type SearchFilters,
  withFilter,
  withoutFilters,
} from '../utils/search-params';
import { conditionLabel, facetChoices } from '../utils/search-text';

type Facets = SearchResult['facets'];

interface SearchFiltersProps {
  filters: SearchFilters;
  /** The facets of the last answer; none yet while the first loads. */
  facets: Facets | undefined;
  /** The laptop the answer names, for the model filter's label. */
  modelName?: string;
  onChange: (next: SearchFilters) => void;
}

/** Brands listed before "Show all": the rest wait behind one button. */
const BRANDS_SHOWN = 8;

interface Choice {
  value: string;
  label: string;
  count: number;
}

interface ChoiceGroupProps {
  legend: string;
  /** The first choice, which sets no filter: "All part types". */
  anyLabel: string;
  choices: Choice[];
  chosen: string | undefined;
  onChoose: (value: string | undefined) => void;
  /** How many choices show before "Show all {n} {plural}"; every one when not given. */
  fold?: { shown: number; plural: string };
}

/** One filter: a radio group, each choice with how many parts choosing it lists ("Batteries (12)"). */
function ChoiceGroup({ legend, anyLabel, choices, chosen, onChoose, fold }: ChoiceGroupProps) {
  const name = useId();
  const [showAll, setShowAll] = useState(false);
  const foldable = fold !== undefined && choices.length > fold.shown + 1;
  const folded = foldable && !showAll;
  // The chosen value always shows, even past the fold.
  const visible = folded
    ? choices.filter((choice, index) => index < (fold?.shown ?? 0) || choice.value === chosen)
    : choices;
  if (choices.length === 0 && !chosen) return null;
  return (
    <fieldset className="border-base-300 border-t pt-4">
      <legend className="float-left mb-2 w-full text-sm font-semibold">{legend}</legend>
      <ul className="clear-both flex flex-col gap-0.5">
        {[{ value: undefined, label: anyLabel, count: null }, ...visible].map((choice) => (
          <li key={choice.value ?? ''}>
            <label className="hover:bg-base-200 flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm has-focus-visible:outline-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2">
              <input
                type="radio"
                name={name}
                className="accent-primary size-4 shrink-0"
                checked={choice.value === chosen}
                onChange={() => onChoose(choice.value)}
              />
              <span className="min-w-0 flex-1 break-words">
                {choice.label}
                {choice.count !== null && (
                  <span className="text-base-content/70"> ({choice.count})</span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {foldable && fold && (
        <button
          type="button"
          className="btn btn-link btn-sm text-primary mt-1 h-auto min-h-0 px-1 py-1"
          aria-expanded={showAll}
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? `Show fewer ${fold.plural}` : `Show all ${choices.length} ${fold.plural}`}
        </button>
      )}
    </fieldset>
  );
}

const isCondition = (value: string): value is PartCondition =>
  (PART_CONDITIONS as readonly string[]).includes(value);

/**
 * The filters beside the results (in a dialog on phones): part type, brand, condition, laptop
 * model and stock, each one value; choosing one starts the list again on page 1.
 */
export function SearchFiltersPanel({ filters, facets, modelName, onChange }: SearchFiltersProps) {
  const set = <Name extends FilterName>(name: Name, value: SearchFilters[Name]) =>
    onChange(withFilter(filters, name, value));
  const stockId = useId();
  const conditions = facetChoices(facets?.condition ?? [], filters.condition).map((choice) => ({
    ...choice,
    label: isCondition(choice.value) ? conditionLabel(choice.value) : choice.label,
  }));

  return (
    <div className="flex flex-col gap-4">
      {countFilters(filters) > 0 && (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => onChange(withoutFilters(filters))}
        >
          Clear filters
        </button>
      )}
      <label
        htmlFor={stockId}
        className="flex cursor-pointer items-center justify-between gap-3 text-sm font-semibold"
      >
        In stock only
        <input
          id={stockId}
          type="checkbox"
          role="switch"
          className="toggle toggle-primary toggle-sm"
          checked={filters.inStock}
          onChange={(event) => set('inStock', event.target.checked)}
        />
      </label>
      {filters.model && (
        <fieldset className="border-base-300 border-t pt-4">
          <legend className="float-left mb-2 w-full text-sm font-semibold">Laptop model</legend>
          <div className="clear-both flex items-center justify-between gap-2 text-sm">
            <span>{modelName ?? filters.model}</span>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-label={`Remove the laptop model ${modelName ?? filters.model}`}
              onClick={() => set('model', undefined)}
            >
              Remove
            </button>
          </div>
        </fieldset>
      )}
      <ChoiceGroup
        legend="Part type"
        anyLabel="All part types"
        choices={facetChoices(facets?.category ?? [], filters.category)}
        chosen={filters.category}
        onChoose={(value) => set('category', value)}
      />
      <ChoiceGroup
        legend="Brand"
        anyLabel="All brands"
        choices={facetChoices(facets?.brand ?? [], filters.brand)}
        chosen={filters.brand}
        onChoose={(value) => set('brand', value)}
        fold={{ shown: BRANDS_SHOWN, plural: 'brands' }}
      />
      <ChoiceGroup
        legend="Condition"
        anyLabel="Any condition"
        choices={conditions}
        chosen={filters.condition}
        onChoose={(value) => set('condition', value && isCondition(value) ? value : undefined)}
      />
    </div>
  );
}
