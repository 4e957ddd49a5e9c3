export interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  /** 'block' reserves room so the page does not jump when content replaces it. */
  size?: 'inline' | 'block';
}

export function Spinner({ label = 'Loading…', size = 'block' }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={`aq-spinner aq-spinner--${size}`}>
      <span className="aq-spinner__circle" aria-hidden="true" />
      <span className="aq-visually-hidden">{label}</span>
    </div>
  );
}
