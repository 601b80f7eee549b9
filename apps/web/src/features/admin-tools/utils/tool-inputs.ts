import { TOOL_TITLE_MAX } from '@shop/shared';

/**
 * The inputs of a tool's number fields, the same in Add A Tool and in Manage Tools' editor.
 * The shared schemas check the values; these only shape the keyboard and the spinners.
 */
export const toolInputs = {
  minOrderQuantity: {
    label: 'Minimum order quantity',
    type: 'number',
    inputMode: 'numeric',
    min: 1,
    step: 1,
  },
  availableQuantity: {
    label: 'Available quantity',
    type: 'number',
    inputMode: 'numeric',
    min: 0,
    step: 1,
  },
  price: {
    label: 'Price per unit ($)',
    type: 'number',
    inputMode: 'decimal',
    min: 0.01,
    step: 0.01,
  },
} as const;

/** Number inputs give numbers (an empty one is NaN, which the schemas call missing). */
export const asNumber = { valueAsNumber: true } as const;

/**
 * A part's full title (issue 49), the same in Add A Tool and in Manage Tools' editor: optional
 * beside the spec's 20-character name, which stands in for it when it is left empty.
 */
export const titleInput = {
  label: 'Title (optional)',
  hint: `The full title, at most ${TOOL_TITLE_MAX} characters, as Lenovo ThinkPad T480 Rear Battery 24Wh 3-cell; left empty, the name stands in`,
  type: 'text',
  autoComplete: 'off',
} as const;

/** What the title field starts with: the part's own title, empty when its name stands in. */
export const ownTitle = (tool: { name: string; title: string }) =>
  tool.title === tool.name ? '' : tool.title;
