/** Place-list paging, shared by the API's query models, the server-rendered first pages and the list islands. */
/** Places in a list's page: the API's default `count`, a category page's and /nearby's first page. */
export const LIST_PAGE_COUNT = 12;
/** The largest `count` the place lists accept. */
export const MAX_COUNT = 50;
/** The deepest `offset` the place lists accept (a list never loads beyond it). */
export const MAX_OFFSET = 1000;

/**
 * The list numbering of place categories: the `categoryId` every place in a list answer carries (the category
 * pages and GET /api/categories number the same categories 1–6, src/domain/categories.ts). Use these names, not
 * the bare numbers.
 */
export const LIST = {
  facts: 7,
  history: 8,
  activities: 9,
  food: 10,
  lodging: 11,
  stores: 12,
} as const;
export type ListId = (typeof LIST)[keyof typeof LIST];
