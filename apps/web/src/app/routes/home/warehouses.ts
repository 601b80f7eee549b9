/** The three warehouse photos of "Our Warehouse"; the carousel shows each three times (docs/product.md). */
export const warehouses = [
  { place: 'California', img: '/images/warehouse/california.svg' },
  { place: 'Dhaka', img: '/images/warehouse/dhaka.svg' },
  { place: 'Canada', img: '/images/warehouse/canada.svg' },
] as const;

export const warehouseSlides = [1, 2, 3].flatMap((round) =>
  warehouses.map((warehouse) => ({ ...warehouse, key: `${warehouse.place}-${round}` })),
);
