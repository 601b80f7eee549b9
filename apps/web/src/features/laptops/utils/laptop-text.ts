import { type LaptopModel, normalisePartNumber } from '@shop/shared';
import { formatCount } from '../../../lib/format';

/** "Lenovo ThinkPad T480": model names are marketed without their brand. */
export const laptopName = (model: Pick<LaptopModel, 'name' | 'brand'>) =>
  `${model.brand.name} ${model.name}`;

/**
 * The other names worth telling: machine types and names the model's own name does not already
 * say ("T480" is in "ThinkPad T480"; "20L5" is not), compared as the catalogue compares them.
 */
export function otherNames(model: Pick<LaptopModel, 'name' | 'aliases'>) {
  const name = normalisePartNumber(model.name);
  return model.aliases.filter((alias) => !name.includes(normalisePartNumber(alias)));
}

/** "Also known as 20L5, 20L6", or nothing when every alias is in the name. */
export function alsoKnownAs(model: Pick<LaptopModel, 'name' | 'aliases'>) {
  const names = otherNames(model);
  return names.length > 0 ? `Also known as ${names.join(', ')}` : null;
}

/** "1 part", "12 parts". */
export const partCount = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'part' : 'parts'}`;

/** The `?category=` of a model page's URL: the part type shown, or every type. */
export const CATEGORY_PARAM = 'category';
