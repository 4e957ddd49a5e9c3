import { toast } from '@antiquarium/ui';

export const SHARE_TEXTS = {
  copied: 'Link copied to clipboard!',
  failed: 'Could not copy the link',
} as const;

export function ShareButton() {
  const onClick = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      void toast('success', SHARE_TEXTS.copied);
    } catch {
      void toast('error', SHARE_TEXTS.failed);
    }
  };
  return (
    <button type="button" className="aq-button" onClick={onClick}>
      Share
    </button>
  );
}
