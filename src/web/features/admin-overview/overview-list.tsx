import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { overviewQuery } from '../../../shared/api/admin-overview';
import type { GameStatus } from '../../../shared/api/play';
import type { Pagination } from '../../../shared/api/common';
import { api } from '../../lib/api-client';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { EmptyTableRow, Table, TableHead } from '../../components/ui';
import { OverviewFilters } from './overview-filters';
import { withParam } from '../../lib/search-params';
import { bookingFactsRoots } from '../../lib/booking-facts-data';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

/** One of shared/api/endpoints/admin-overview.ts: a paged list under /api/admin. */
type OverviewEndpoint<Answer> = {
  method: 'GET';
  path: '/api/admin/games' | '/api/admin/teams';
  query: typeof overviewQuery;
  response: z.ZodType<Answer>;
};

type OverviewListProps<Row, Answer> = {
  title: string;
  /** What the page says when its list cannot be loaded. */
  loadFailed: string;
  intro: string;
  endpoint: OverviewEndpoint<Answer>;
  rows: (answer: Answer) => Row[];
  pagination: (answer: Answer) => Pagination;
  columns: Column<Row>[];
  rowKey: (row: Row) => number;
  empty: string;
  summary?: (answer: Answer) => ReactNode;
  /** Games and teams: a search box and a status filter, kept in the URL with the page. */
  filters?: { searchLabel: string; statuses: readonly { value: GameStatus; label: string }[] };
};

/** A paged, read-only table of one admin overview; the page number is kept in the URL. */
export function OverviewList<Row, Answer>(props: OverviewListProps<Row, Answer>) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = props.filters ? (params.get('search') ?? '') : '';
  const statusParam = props.filters ? (params.get('status') ?? '') : '';
  const status = props.filters?.statuses.find((s) => s.value === statusParam)?.value ?? '';
  const query = useQuery({
    queryKey: [...bookingFactsRoots.overview, props.endpoint.path, page, search, status],
    queryFn: () => api(props.endpoint, { query: { page, search: search || undefined, status: status || undefined } }),
    placeholderData: keepPreviousData,
    // Live games change on their own: keep the list's status current while it is open.
    refetchInterval: props.filters ? 15_000 : false,
  });
  const setFilter = (key: 'search' | 'status', value: string) => setParams((prev) => withParam(prev, key, value));

  return (
    <section>
      <h1 className="text-2xl font-bold">{props.title}</h1>
      <p className="mt-1 text-slate-600">{props.intro}</p>
      {props.filters ? <OverviewFilters {...props.filters} search={search} status={status} onChange={setFilter} /> : null}
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {props.loadFailed}
        </p>
      ) : null}
      {query.data ? (
        <>
          {props.summary ? <div className="mt-4">{props.summary(query.data)}</div> : null}
          <div className="mt-4">
            <Table>
              <TableHead headers={props.columns.map((c) => c.header)} cellClassName="px-4 py-2 font-semibold" />
              <tbody>
                {props.rows(query.data).length === 0 ? (
                  <EmptyTableRow columns={props.columns.length}>{props.empty}</EmptyTableRow>
                ) : (
                  props.rows(query.data).map((row) => (
                    <tr key={props.rowKey(row)} className="border-t border-slate-100">
                      {props.columns.map((c) => (
                        <td key={c.header} className="px-4 py-2 align-top">
                          {c.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </Table>
          </div>
          {props.pagination(query.data).last_page > 1 ? (
            <Pager
              currentPage={props.pagination(query.data).current_page}
              lastPage={props.pagination(query.data).last_page}
              onPageChange={(p) => setParams((prev) => withParam(prev, 'page', String(p)))}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
