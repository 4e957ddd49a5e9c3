import { ConfigProvider, Modal, notification } from 'antd';
import { antdThemeNow } from './antd-theme';

/** Where toasts appear: below the content, clear of the sticky top bar and the page's heading. */
export const TOAST_PLACEMENT = 'bottomRight';
/** How long a toast that is not an error stays, in seconds (errors stay until dismissed). */
export const TOAST_SECONDS = 6;

/**
 * Loaded on demand by notify.ts: antd is heavy, and no first visit needs a dialog or a toast, so
 * the first-visit budget (docs/decisions/0004) does not pay for it.
 */
export function setUpAntd() {
  // Static methods (message, Modal.confirm) render outside the React tree, so they only get the
  // site's theme through this holder.
  ConfigProvider.config({
    holderRender: (children) => <ConfigProvider theme={antdThemeNow()}>{children}</ConfigProvider>,
  });
  // The one place toasts are placed and timed (issue 32): at the bottom right, 24 px above the
  // screen's (a phone's) bottom edge, never over the page's heading under the top bar; long enough
  // to read (errors stay until dismissed, see notify.ts), three at most.
  notification.config({ placement: TOAST_PLACEMENT, bottom: 24, duration: TOAST_SECONDS, maxCount: 3 });
  return { Modal, notification };
}
