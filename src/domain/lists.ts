/** Place-list paging, shared by the API's query models, the server-rendered first pages and the list islands. */
/** Places in a list's page: the API's default `count`, a category page's and /nearby's first page. */
export const LIST_PAGE_COUNT = 12;
/** The largest `count` the place lists accept. */
export const MAX_COUNT = 50;
/** The deepest `offset` the place lists accept (a list never loads beyond it). */
export const MAX_OFFSET = 1000;
