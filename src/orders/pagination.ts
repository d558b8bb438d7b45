import { andThen, type MaybePromise } from '../shared/maybe.js';

/** Page arithmetic shared by every list: fetch one row more than the page to learn whether another page exists. */
export const MAX_PAGE = 200;

export function pageWindow(page: number, limit: number) {
  return { offset: (page - 1) * limit, fetch: limit + 1 };
}

/** `has_next_page` is true only when page + 1 can be requested (page below 200) and holds a row. */
export function pageOf<T>(rows: T[], page: number, limit: number) {
  return {
    items: rows.slice(0, limit),
    pagination: { page, limit, has_next_page: rows.length > limit && page < MAX_PAGE },
  };
}

/** A page of a list that takes only `page` and `limit`, with its `parameter_string`. */
export function simpleListPage<Row, Item>(page: number, limit: number, rows: (offset: number, fetch: number) => MaybePromise<Row[]>, map: (row: Row) => Item) {
  const { offset, fetch } = pageWindow(page, limit);
  return andThen(rows(offset, fetch), (found) => {
    const { items, pagination } = pageOf(found, page, limit);
    return { items: items.map(map), pagination, parameter_string: `page=${page}&limit=${limit}` };
  });
}
