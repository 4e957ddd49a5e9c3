import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Google sign-in through the Auth Emulator's popup, in a browser with no internet.
 *
 * The Firebase SDK (and the emulator's helper iframe) load https://apis.google.com/js/api.js and use
 * its `gapi.iframes` to pass the sign-in result from the emulator's iframe to the page. That script
 * cannot be reached here, so this stand-in implements the few calls both sides make, over
 * postMessage: on the page, `getContext().open()` (an iframe with `restyle`, `ping`, `register`,
 * `send`); in the iframe, `getContext().getParentIframe()` (`register`, `send`). A message sent to a
 * name nobody has registered yet waits for its handler, so start-up order does not matter. Every
 * other request off this machine (the popup's fonts and Material stylesheet) is refused at once.
 */
const GAPI_STAND_IN = String.raw`(function () {
  var TAG = '__gapiStandIn';
  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.waiting = {};
    this.replies = {};
    this.nextId = 1;
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.waiting[name] || [];
    delete this.waiting[name];
    for (var i = 0; i < queued.length; i++) this.receive(queued[i]);
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = String(this.nextId++);
    if (callback) this.replies[id] = callback;
    this.target().postMessage({ tag: TAG, kind: 'send', id: id, name: name, data: data }, '*');
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'reply') {
      var callback = this.replies[message.id];
      delete this.replies[message.id];
      if (callback) callback(message.result);
      return;
    }
    var handler = this.handlers[message.name];
    if (!handler) {
      (this.waiting[message.name] = this.waiting[message.name] || []).push(message);
      return;
    }
    var result = handler(message.data);
    this.target().postMessage({ tag: TAG, kind: 'reply', id: message.id, result: [result] }, '*');
  };
  function listen(channel, source) {
    window.addEventListener('message', function (event) {
      var data = event.data;
      if (!data || data.tag !== TAG || event.source !== source()) return;
      channel.receive(data);
    });
  }

  var parentChannel = null;
  var context = {
    open: function (options, ready) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      var loaded = new Promise(function (resolve) { frame.addEventListener('load', resolve); });
      var channel = new Channel(function () { return frame.contentWindow; });
      listen(channel, function () { return frame.contentWindow; });
      var iframe = {
        restyle: function () { return Promise.resolve(); },
        ping: function (callback) { return loaded.then(function () { if (callback) callback(); }); },
        register: function (name, handler) { channel.register(name, handler); },
        send: function (name, data, callback) { channel.send(name, data, callback); },
      };
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      return Promise.resolve(ready ? ready(iframe) : iframe);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () { return window.parent; });
        listen(parentChannel, function () { return window.parent; });
      }
      return {
        register: function (name, handler) { parentChannel.register(name, handler); },
        send: function (name, data, callback) { parentChannel.send(name, data, callback); },
      };
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
    Iframe: function () {},
    getContext: function () { return context; },
  };
  window.gapi.load = function (_name, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  };

  // api.js?onload=<name> (the SDK) or window.gapi_onload (the emulator's iframe).
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();`;

function isLocal(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1';
}

/** Serves the api.js stand-in and refuses every other request that would leave this machine. */
export async function routeGoogleScripts(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !isLocal(url) && url.protocol.startsWith('http'),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'apis.google.com' && url.pathname === '/js/api.js') {
        await route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN });
      } else {
        await route.abort('blockedbyclient');
      }
    },
  );
}

export interface GoogleAccount {
  email: string;
  name: string;
}

/**
 * Clicks the page's Google button and signs in as a new account on the emulator's fake Google page
 * (the popup). Call routeGoogleScripts(context) first.
 */
export async function signInWithGooglePopup(page: Page, account: GoogleAccount, button = 'Login with Google'): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  await popup.locator('#add-account-button').click();
  await popup.locator('#email-input').fill(account.email);
  await popup.locator('#display-name-input').fill(account.name);
  await expect(popup.locator('#sign-in')).toBeEnabled();
  await popup.locator('#sign-in').click();
}
