/** A like count as shown: a missing or broken count reads 0. */
export function likeCount(likes: number | null | undefined): number {
  return typeof likes === 'number' && Number.isFinite(likes) && likes > 0 ? likes : 0;
}

/** "0 likes", "1 like", "12 likes". */
export function likesLabel(likes: number | null | undefined): string {
  const count = likeCount(likes);
  return `${count} ${count === 1 ? 'like' : 'likes'}`;
}

/** The heart beside every like count; outlined where it means "not liked yet". Decorative. */
export function HeartIcon({ filled = true }: { filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className="aq-heart">
      <path
        d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.7 4.8 6.4 4.5c2.1-.2 3.7.9 4.6 2.4.9-1.5 2.5-2.6 4.6-2.4 3.7.3 5.5 4.1 4 7.4C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
