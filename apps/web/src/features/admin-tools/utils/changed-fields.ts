import type { PartNumberInput, Tool, ToolUpdate } from '@shop/shared';
import { ownTitle } from './tool-inputs';

/**
 * The editable fields of a tool, as the in-place editor holds them: price, stock and description
 * always; the part details when the editor shows them (a field left out is not compared).
 * `fits` is left out until the part's models have loaded.
 */
export type EditableTool = Required<
  Pick<ToolUpdate, 'price' | 'availableQuantity' | 'description'>
> &
  Partial<Omit<ToolUpdate, 'price' | 'availableQuantity' | 'description'>>;

/** A part number as the catalogue compares them: kind, maker and number without spaces around. */
const partNumberKey = ({ kind, maker, number }: PartNumberInput) =>
  JSON.stringify([kind, maker.trim(), number.trim()]);

/** The same numbers in any order. */
const sameSet = (left: readonly string[], right: readonly string[]) => {
  const sorted = (values: readonly string[]) => [...values].sort();
  return JSON.stringify(sorted(left)) === JSON.stringify(sorted(right));
};

/**
 * Only what the admin changed goes to `PATCH /api/tools/{id}`; nothing changed is `{}`. Part
 * numbers and models are sets: when any changed, the whole new set is sent (it replaces the old).
 * `fits` are the models the part fitted when the editor loaded them.
 */
export function changedFields(
  tool: Tool,
  values: EditableTool,
  fits?: readonly string[],
): ToolUpdate {
  const changes: ToolUpdate = {};
  if (values.price !== tool.price) changes.price = values.price;
  if (values.availableQuantity !== tool.availableQuantity)
    changes.availableQuantity = values.availableQuantity;
  if (values.description.trim() !== tool.description.trim())
    changes.description = values.description.trim();
  // Compared with the part's own title: an untitled part's title is its name (the field: empty).
  const title = values.title?.trim();
  if (title !== undefined && title !== ownTitle(tool)) changes.title = title;
  const sku = values.sku?.trim();
  if (sku !== undefined && sku !== tool.sku) changes.sku = sku;
  if (values.category !== undefined && values.category !== tool.category.slug)
    changes.category = values.category;
  const brand = values.brand?.trim();
  if (brand !== undefined && brand !== tool.brand) changes.brand = brand;
  if (values.condition !== undefined && values.condition !== tool.condition)
    changes.condition = values.condition;
  if (values.weightGrams !== undefined && values.weightGrams !== tool.weightGrams)
    changes.weightGrams = values.weightGrams;
  if (values.shippingClass !== undefined && values.shippingClass !== tool.shippingClass)
    changes.shippingClass = values.shippingClass;
  if (
    values.partNumbers !== undefined &&
    !sameSet(values.partNumbers.map(partNumberKey), tool.partNumbers.map(partNumberKey))
  ) {
    changes.partNumbers = values.partNumbers.map(({ kind, maker, number }) => ({
      kind,
      maker: maker.trim(),
      number: number.trim(),
    }));
  }
  if (values.fits !== undefined && fits !== undefined && !sameSet(values.fits, fits))
    changes.fits = values.fits;
  return changes;
}
