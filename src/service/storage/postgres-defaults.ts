// The PostgreSQL store's defaults, apart from its driver: the configuration reads them without
// loading Kysely and pg.

/** Connections of each instance's pool: PG_POOL_MAX. */
export const DEFAULT_PG_POOL_MAX = 10;
