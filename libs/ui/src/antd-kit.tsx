import { ConfigProvider, Modal, notification, type ThemeConfig } from 'antd';
import { antdThemeNow } from './antd-theme';

/** Where toasts appear: below the content, clear of the sticky top bar and the page's heading. */
export const TOAST_PLACEMENT = 'bottomRight';
/** How long a toast that is not an error stays, in seconds (errors stay until dismissed). */
export const TOAST_SECONDS = 6;
/**
 * The toasts' layer: under every dialog (antd's dialogs start at its zIndexPopupBase, 1000), above
 * the page (its top bar is at 100). On a phone a dialog is as wide as the screen, and a toast over
 * it covered its buttons (issue 43); under it, the toast shows beside the dialog, or once it closes.
 */
export const TOAST_Z_INDEX = 999;

/** The site's theme for antd, with the toasts' layer. */
function withToastLayer(theme: ThemeConfig): ThemeConfig {
  return { ...theme, components: { ...theme.components, Notification: { ...theme.components?.Notification, zIndexPopup: TOAST_Z_INDEX } } };
}

/**
 * Loaded on demand by notify.ts: antd is heavy, and no first visit needs a dialog or a toast, so
 * the first-visit budget (docs/decisions/0004) does not pay for it.
 */
export function setUpAntd() {
  // Static methods (message, Modal.confirm) render outside the React tree, so they only get the
  // site's theme through this holder.
  ConfigProvider.config({
    holderRender: (children) => <ConfigProvider theme={withToastLayer(antdThemeNow())}>{children}</ConfigProvider>,
  });
  // The one place toasts are placed and timed (issue 32): at the bottom right, 24 px above the
  // screen's (a phone's) bottom edge, never over the page's heading under the top bar; long enough
  // to read (errors stay until dismissed, see notify.ts), three at most.
  notification.config({ placement: TOAST_PLACEMENT, bottom: 24, duration: TOAST_SECONDS, maxCount: 3 });
  return { Modal, notification };
}
