import { paths } from '../../../lib/paths';

/** The URL's `?brand=&series=` choose the picker's first two steps (a breadcrumb links so). */
export const PICKER_BRAND_PARAM = 'brand';
export const PICKER_SERIES_PARAM = 'series';

/** The picker on the home page with the brand (and the series) already chosen. */
export function pickerHref(brand: string, series?: string) {
  const params = new URLSearchParams({ [PICKER_BRAND_PARAM]: brand });
  if (series) params.set(PICKER_SERIES_PARAM, series);
  return `${paths.home}?${params}#${paths.laptopPickerAnchor}`;
}

/** The picker on the home page, nothing chosen. */
export const pickerAnchorHref = `${paths.home}#${paths.laptopPickerAnchor}`;
