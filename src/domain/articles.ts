// Article list ids linked from the footer (2, 3 and 6). Any other id is a 404 (the route's validate step).
export const ARTICLE_LIST_IDS = ['2', '3', '6'] as const;
export type ArticleListId = (typeof ARTICLE_LIST_IDS)[number];

export function isArticleListId(id: unknown): id is ArticleListId {
  return typeof id === 'string' && (ARTICLE_LIST_IDS as readonly string[]).includes(id);
}
