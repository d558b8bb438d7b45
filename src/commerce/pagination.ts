import { andThen, type MaybePromise } from '../shared/maybe.js';

const MAX_PAGE = 200;

/** One row more than the page is fetched to learn whether another page exists. */
export function pageWindow(page: number, limit: number) {
  return { offset: (page - 1) * limit, fetch: limit + 1 };
}

export function pageOf<T>(rows: T[], page: number, limit: number) {
  return {
    items: rows.slice(0, limit),
    pagination: { page, limit, has_next_page: rows.length > limit && page < MAX_PAGE },
  };
}

export function simpleListPage<Row, Item>(
  page: number,
  limit: number,
  rows: (offset: number, fetch: number) => MaybePromise<Row[]>,
  map: (row: Row) => Item,
) {
  const { offset, fetch } = pageWindow(page, limit);
  return andThen(rows(offset, fetch), (found) => {
    const { items, pagination } = pageOf(found, page, limit);
    return { items: items.map(map), pagination, parameter_string: `page=${page}&limit=${limit}` };
  });
}
