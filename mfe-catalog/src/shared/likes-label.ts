/** "1 like", "12 likes"; a missing count reads 0 (spec: like badges show 0 if missing). */
export function likeCount(likes: number | null | undefined): number {
  return typeof likes === 'number' && Number.isFinite(likes) && likes > 0 ? likes : 0;
}

export function likesLabel(likes: number | null | undefined): string {
  const count = likeCount(likes);
  return `${count} ${count === 1 ? 'like' : 'likes'}`;
}
