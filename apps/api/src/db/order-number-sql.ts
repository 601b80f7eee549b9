import { ORDER_NUMBER_DIGITS, ORDER_NUMBER_PREFIX } from '@shop/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * `formatOrderNumber` (packages/shared) in SQL, for what the database writes out itself (the
 * CSV export runs as COPY): the same prefix and digits, written as literals since COPY takes no
 * bound parameters. `lpad` alone would cut a longer number, hence the `greatest`.
 */
export const orderNumberText = (number: RawBuilder<number>) =>
  sql<string>`${sql.lit(ORDER_NUMBER_PREFIX)} || lpad(${number}::text,
    greatest(${sql.lit(ORDER_NUMBER_DIGITS)}, length(${number}::text)), '0')`;
