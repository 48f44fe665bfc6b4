// Integers read from query strings end up in database queries, whose integer columns hold
// 32 bits: a larger number is refused here (400, DRF's IntegerField message) rather than
// failing in PostgreSQL (500) or silently matching nothing in SQLite.
export const DB_INT_MIN = -2147483648;
export const DB_INT_MAX = 2147483647;

export const isDbInt = (n: number) => Number.isInteger(n) && n >= DB_INT_MIN && n <= DB_INT_MAX;

/** For `.refine(isDbInt, DB_INT_RANGE)` on a parsed query integer. */
export const DB_INT_RANGE = { error: `Ensure this value is less than or equal to ${DB_INT_MAX}.` };
