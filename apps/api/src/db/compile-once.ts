import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands in for argument `index` while the query is built; never sent to the database. */
const placeholder = (index: number) => `\u0000compile-once argument ${index}\u0000`;

/**
 * A query built and compiled by Kysely once, on its first call, then run with each call's
 * values. For the reads every signed-in request makes (its caller, My Orders, a catalogue
 * page): building and compiling a statement cost a request as much as `pg` running it
 * (docs/performance.md).
 *
 * `build` receives stand-ins for its arguments and must pass each one to Kysely as a value
 * as it is (a parameter of the statement): an argument that is transformed first (`%${text}%`)
 * or not used is refused at the first call, since the compiled statement could not take it.
 */
export function compileOnce<Row, Args extends unknown[]>(
  db: Pick<Kysely<unknown>, 'executeQuery'>,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  /** For each parameter of the statement: the argument it takes, or -1 for a fixed value. */
  let argumentOf: number[] = [];
  return async (...args: Args) => {
    if (!compiled) {
      const stands = args.map((_, index) => placeholder(index)) as Args;
      compiled = build(...stands).compile();
      argumentOf = compiled.parameters.map((value) => stands.indexOf(value));
      const unused = stands.findIndex((_, index) => !argumentOf.includes(index));
      if (unused !== -1) {
        compiled = undefined;
        throw new Error(`compileOnce: argument ${unused} is not a parameter of the statement`);
      }
    }
    const fixed = compiled.parameters;
    const parameters = argumentOf.map((index, at) => (index === -1 ? fixed[at] : args[index]));
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}
