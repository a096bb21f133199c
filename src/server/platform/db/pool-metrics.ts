import type { Metrics } from '../metrics';
import type { Database } from './client';

/**
 * The PostgreSQL pool of this process, read at scrape time: connections lent out and requests waiting for one. Waiting
 * above zero for long means the pool (10) or the server's max_connections is too small for the load. The embedded
 * database has one connection and no pool: nothing to report.
 */
export function registerPoolMetrics(metrics: Metrics, database: Database): void {
  if (database.raw.driver !== 'postgres') return;
  const { pool } = database.raw;
  metrics.gauge({
    name: 'hatch_db_pool_in_use',
    help: 'PostgreSQL connections of this process lent out to a query or transaction',
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  metrics.gauge({
    name: 'hatch_db_pool_waiting',
    help: 'Queries of this process waiting for a free PostgreSQL connection',
    collect() {
      this.set(pool.waitingCount);
    },
  });
  metrics.gauge({
    name: 'hatch_db_pool_size',
    help: 'PostgreSQL connections this process holds open (in use and idle)',
    collect() {
      this.set(pool.totalCount);
    },
  });
}
