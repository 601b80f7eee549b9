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
