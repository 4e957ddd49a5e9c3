import { errorMessage, toggleLike } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { HeartIcon, toast } from '@antiquarium/ui';
import { useState } from 'react';

export const LIKE_TEXTS = {
  notLoggedIn: 'Please log in to like artifacts',
  liked: 'Artifact liked!',
  disliked: 'Artifact disliked',
  failed: 'Failed to toggle like',
} as const;

interface LikeButtonProps {
  artifactId: string;
  liked: boolean;
  /** Reports the new state and count after the server answered. */
  onChange: (liked: boolean, likes: (previous: number) => number) => void;
}

export function LikeButton({ artifactId, liked, onChange }: LikeButtonProps) {
  const signedIn = useAuthStore((state) => Boolean(state.user?.email));
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    if (!signedIn) {
      void toast('warning', LIKE_TEXTS.notLoggedIn);
      return;
    }
    setBusy(true);
    try {
      const answer = await toggleLike(artifactId);
      // The server's count is the truth (others like too); ±1 only if it sent none.
      onChange(answer.liked, (previous) =>
        typeof answer.likes === 'number' ? answer.likes : Math.max(0, previous + (answer.liked ? 1 : -1)),
      );
      void toast(answer.liked ? 'success' : 'info', answer.liked ? LIKE_TEXTS.liked : LIKE_TEXTS.disliked);
    } catch (error) {
      void toast('error', errorMessage(error, LIKE_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={liked ? 'aq-button aq-button--primary cat-like' : 'aq-button cat-like'}
      aria-pressed={liked}
      disabled={busy}
      onClick={onClick}
    >
      <HeartIcon filled={liked} />
      {liked ? 'Liked' : 'Like'}
    </button>
  );
}
