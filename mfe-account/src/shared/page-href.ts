/** The link to page n of an account list: the list's only choice is its page. */
export function pageHref(page: number) {
  return { search: page > 1 ? `?page=${page}` : '' };
}
