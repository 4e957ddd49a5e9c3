import { toast } from '@antiquarium/ui';

export const COPY_LINK_TEXTS = {
  label: 'Copy link',
  copied: 'Link copied to clipboard!',
  failed: 'Could not copy the link',
} as const;

/** Copies the page's permanent address (not the address bar's, which may carry a query). */
export function CopyLinkButton({ path }: { path: string }) {
  const onClick = async () => {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
      void toast('success', COPY_LINK_TEXTS.copied);
    } catch {
      void toast('error', COPY_LINK_TEXTS.failed);
    }
  };
  return (
    <button type="button" className="aq-button" onClick={() => void onClick()}>
      {COPY_LINK_TEXTS.label}
    </button>
  );
}
