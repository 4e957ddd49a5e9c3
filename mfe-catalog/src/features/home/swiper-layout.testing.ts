/**
 * jsdom lays nothing out: every element is 0 px wide, and swiper, which measures its container,
 * then has no slide to move to (a rewinding carousel stays on its first). This gives swiper's
 * containers a phone's width for the duration of a test; call the returned function to undo it.
 */
export function giveSwiperAWidth(width = 390): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('swiper') ? width : (original?.get?.call(this) ?? 0);
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientWidth', original);
  };
}
