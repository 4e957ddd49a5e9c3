import { ConfigProvider, Modal, message } from 'antd';
import { antTheme } from './theme';

/**
 * Loaded on demand by notify.ts: antd is heavy, and no first visit needs a dialog or a toast, so
 * the first-visit budget (docs/decisions/0004) does not pay for it.
 */
export function setUpAntd() {
  // Static methods (message, Modal.confirm) render outside the React tree, so they only get the
  // site's theme through this holder.
  ConfigProvider.config({
    holderRender: (children) => <ConfigProvider theme={antTheme}>{children}</ConfigProvider>,
  });
  message.config({ top: 72, maxCount: 3 });
  return { Modal, message };
}
