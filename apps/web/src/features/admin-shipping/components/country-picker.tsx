import { countryName, listCountries } from '@shop/shared';
import { ChipCombobox, useChipCombobox } from '../../../components/ui/chip-combobox';
import { matchingCountries } from '../utils/countries';

/** How many countries the list suggests at once. */
const SUGGESTIONS = 8;

interface CountryPickerProps {
  /** The chosen countries' ISO codes, in the order they were chosen. */
  value: readonly string[];
  onChange: (codes: string[]) => void;
  /** The field's message ("Germany is already in European Union"). */
  error?: string;
  disabled?: boolean;
}

/**
 * A zone's countries: the chosen ones as chips, and "Add a country", which suggests countries
 * by name or code as the admin types ("nor", "NO").
 */
export function CountryPicker({ value, onChange, error, disabled }: CountryPickerProps) {
  const picker = useChipCombobox({ value, onChange, labelOf: countryName });
  const chosen = new Set(value);
  const suggestions = matchingCountries(listCountries(), picker.typed)
    .filter((country) => !chosen.has(country.code))
    .slice(0, SUGGESTIONS)
    .map((country) => ({ key: country.code, label: country.name, detail: country.code }));

  return (
    <ChipCombobox
      state={picker}
      title="Countries"
      empty="No country yet."
      label="Add a country"
      listLabel="Suggested countries"
      placeholder="e.g. Norway, NO"
      hint="Type a country's name or its two-letter code, then choose it. A country can be in one zone only."
      nouns={{ kind: 'country', one: 'country', many: 'countries' }}
      suggestions={suggestions}
      error={error}
      disabled={disabled}
    />
  );
}
