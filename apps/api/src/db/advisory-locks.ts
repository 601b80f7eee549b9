/**
 * The shop's PostgreSQL advisory locks, all declared here so no two uses share a number. Each
 * stays the same in every process and version: a process of the next version waits for this
 * one's. The one-number form (bigint) and the two-number form (integer, integer) are separate
 * key spaces in PostgreSQL.
 */
export const ADVISORY_LOCKS = {
  /** Held (a session lock) by the one process that migrates; the others wait (database.ts). */
  migration: 7_314_000,
  /** The demo data is seeded once, by the first process to take it (seed.ts). */
  seed: 7_314_001,
  /** Removals of accounts one at a time: two admins cannot remove each other (users). */
  userRemoval: 7_314_002,
  /** With `hashtext(session id)`: one token issue at a time per session (session-tokens.ts). */
  tokenIssue: 7_314_003,
  /**
   * With `hashtext(tool id)`: one change at a time to a part's images' order (images module);
   * never the part's row, which purchases lock.
   */
  partImageOrder: 7_314_004,
  /**
   * With `hashtext(content hash)`: an image's files are written and its row inserted, or its
   * last row's files removed, one at a time per hash (images module).
   */
  partImageFiles: 7_314_005,
} as const;
