// The shell's document, as deploy/serve-static.mjs sends it when it serves the shell (--shell, or
// --spa): index.html prepared once per deployment (the release registry's routing preloaded in its
// head, its own style sheets inline), and, when the shell's build has a server build
// (dist/server/first-page.mjs, docs/decisions/0010), a visit's first page composed by it, an
// artifact's or a public collection's document with the page's public metadata, and the sitemap
// (issue 28). All of it follows the runtime config the shell serves, read again when the file
// changes (a deployment may rewrite it in place).
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { escapeAttribute } from './html.mjs';
import { securityHeaders } from './security-headers.mjs';

/** Composed documents kept here with their gzip (the composer hands out each for FIRST_PAGE_CACHE_MS). */
const COMPOSED_KEPT = 16;

/**
 * The release registry's routing URL (docs/decisions/0026), from the runtime config's apiUrl: the
 * shell's index.html preloads it, so the routing downloads in parallel with the runtime config and
 * the shell's code instead of after them.
 */
export function routingUrlOf(config) {
  if (typeof config?.apiUrl !== 'string') return undefined;
  try {
    const url = new URL(`${config.apiUrl.replace(/\/+$/, '')}/releases/routing`, 'http://localhost');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return config.apiUrl.startsWith('/') ? `${url.pathname}` : url.href;
  } catch {
    return undefined;
  }
}

/** index.html with the routing preload in its head (as it is without a routing URL). */
export function withRoutingPreload(html, routingUrl) {
  if (!routingUrl) return html;
  const link = `<link rel="preload" href="${escapeAttribute(routingUrl)}" as="fetch" crossorigin="anonymous" />`;
  return html.replace('</head>', () => `    ${link}\n  </head>`);
}

/** Who asks: the connection's address and the proxies' X-Forwarded-For (the composition's api calls carry it). */
function visitorOf(request) {
  return { address: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'] };
}

const message = (error) => (error instanceof Error ? error.message : String(error));

/** A page as sent (`body`), with its gzip once asked for: see gzippedOnce. */
function sentPage(html) {
  return { html, body: Buffer.from(html), gzip: undefined };
}

/** The page's gzip, made on its first use and kept with it. */
export function gzippedOnce(page) {
  page.gzip ??= gzipSync(page.body, { level: 9 });
  return page.gzip;
}

/** The tab's title of a page whose artifact or collection is not there (the not-found screen's). */
const NOT_FOUND_TITLE = 'Page not found | Antiquarium';

export class ShellDocument {
  /**
   * The shell's document for its dist folder `root`, following the runtime config file
   * `runtimeConfigFile` (default: the build's own). `findFile(urlPath)` is the server's lookup of a
   * file it serves (the style sheets index.html links). Loads the server build, if there is one;
   * call readRuntimeConfig({ atStart: true }) before serving.
   */
  static async load({ root, runtimeConfigFile, production, findFile }) {
    const file = path.join(root, 'server', 'first-page.mjs');
    const serverBuild = existsSync(file) ? await import(pathToFileURL(file).href) : undefined;
    return new ShellDocument({ root, runtimeConfigFile, production, findFile, serverBuild });
  }

  constructor({ root, runtimeConfigFile, production, findFile, serverBuild }) {
    this.root = root;
    this.runtimeConfigFile = runtimeConfigFile ?? path.join(root, 'runtime-config.json');
    this.production = production;
    this.findFile = findFile;
    this.serverBuild = serverBuild;
    /**
     * The runtime config's modification time when last read, and what this server made of it: the
     * security headers, the routing URL index.html preloads, the first-page composer and the share
     * pages (undefined: none).
     */
    this.deployment = { configMtimeMs: -1, headers: securityHeaders({ isShell: true, production }), routingUrl: undefined, composer: undefined, sharePages: undefined };
    /** index.html as prepared (routing preload, inline style sheets), for the file and config named by `key`. */
    this.preparedIndex = { key: '', ...sentPage('') };
    /** index.html's style sheets by file, as read once. */
    this.styleSheets = new Map();
    /** The last composed documents sent, by their text (oldest first). */
    this.composedPages = new Map();
  }

  /**
   * Reads the runtime config again if it has changed. At start-up a configuration the server build
   * refuses (a malformed REMOTE_*_FRAMES_URL or SITE_ORIGIN, say) throws: the server should not
   * start; later the pages go out plain and the log says why.
   */
  async readRuntimeConfig({ atStart = false } = {}) {
    const info = await stat(this.runtimeConfigFile).catch(() => null);
    const configMtimeMs = info?.mtimeMs ?? 0;
    if (configMtimeMs === this.deployment.configMtimeMs) return;
    let config;
    try {
      config = JSON.parse(await readFile(this.runtimeConfigFile, 'utf8'));
    } catch {
      config = undefined;
    }
    this.deployment = {
      configMtimeMs,
      // The composed documents' inline starter is allowed by its hash (docs/decisions/0015).
      headers: securityHeaders({ runtimeConfig: config, isShell: true, production: this.production, scriptHashes: this.serverBuild?.inlineScriptHashes ?? [] }),
      routingUrl: routingUrlOf(config),
      composer: await this.composerFor(config).catch((error) => {
        if (atStart) throw error;
        console.error(`not composing first pages: ${error.message}`);
        return undefined;
      }),
      sharePages: this.sharePagesFor(config, atStart),
    };
  }

  /** The security headers of the runtime config as it is now. */
  async headers() {
    await this.readRuntimeConfig();
    return this.deployment.headers;
  }

  /** The composer for this runtime config, or undefined without a server build or a config. */
  async composerFor(config) {
    if (!this.serverBuild || !config) return undefined;
    const composer = this.serverBuild.createFirstPageServer({ runtimeConfig: config, env: process.env, log: (line) => console.log(line) });
    const names = Object.entries(composer.frames).map(([name, url]) => `${name} (${url})`);
    console.log(names.length ? `composing first pages with frames of ${names.join(', ')}` : 'composing no first pages: no REMOTE_*_FRAMES_URL');
    return composer;
  }

  /** The share pages and sitemap (shell/src/server/share-pages.ts), or undefined without a server build or a config. */
  sharePagesFor(config, atStart) {
    if (!this.serverBuild?.createSharePages || !config) return undefined;
    try {
      const share = this.serverBuild.createSharePages({ runtimeConfig: config, env: process.env, log: (line) => console.log(line) });
      console.log(share.origin ? `share tags and sitemap for ${share.origin}` : 'no share tags nor sitemap: no SITE_ORIGIN');
      return share;
    } catch (error) {
      if (atStart) throw error;
      console.error(`no share tags nor sitemap: ${error.message}`);
      return undefined;
    }
  }

  /** The sitemap file `request` asks for (its chunks, from the api's answers), or undefined: not one. */
  sitemap(request) {
    return this.deployment.sharePages?.sitemap(request.url ?? '/', visitorOf(request));
  }

  /** robots.txt naming the sitemap (an absolute URL, as the protocol asks) where there is one. */
  robotsTxt(body) {
    const origin = this.deployment.sharePages?.origin;
    return origin ? Buffer.concat([body, Buffer.from(`\nSitemap: ${origin}/sitemap.xml\n`)]) : body;
  }

  /** Whether `file` is the shell's index.html, the document this module prepares. */
  isIndex(file) {
    return path.basename(file) === 'index.html' && path.dirname(file) === this.root;
  }

  /**
   * The document for a visit (`request`, GET or HEAD) whose file is index.html: composed by the
   * server build and with the page's metadata where they make one (GET only), else index.html as
   * prepared. A composition or metadata that fails sends the plain page, as one that makes nothing.
   */
  async page(file, request, method) {
    const index = await this.preparedIndexOf(file);
    if (method !== 'GET') return { page: index, status: 200 };
    const url = request.url ?? '/';
    const visitor = visitorOf(request);
    const [framed, status] = await Promise.all([this.composed(url, index.html, visitor), this.statusOf(url, visitor)]);
    // A public collection's composed page carries its metadata too.
    let document = (await this.withShareMetadata(url, framed ?? index.html, visitor)) ?? framed ?? index.html;
    if (status === 404) document = document.replace(/<title>[^<]*<\/title>/, () => `<title>${NOT_FOUND_TITLE}</title>`);
    // The top bar and the theme of this visitor in the first paint (the server build's visit hints).
    const hints = this.serverBuild?.withVisitHints;
    if (hints) document = hints(document, request.headers?.cookie);
    return { page: document === index.html ? index : this.composedPage(document), status };
  }

  /** The page's HTTP status: 404 where the api says its artifact or collection is not public. */
  async statusOf(url, visitor) {
    try {
      return (await this.deployment.sharePages?.status(url, visitor)) ?? 200;
    } catch (error) {
      console.error(`page status not read: ${message(error)}`);
      return 200;
    }
  }

  /** index.html as sent, made again only when the file or the runtime config has changed. */
  async preparedIndexOf(file) {
    const { mtimeMs, size } = await stat(file);
    const key = `${mtimeMs}:${size}:${this.deployment.configMtimeMs}`;
    if (this.preparedIndex.key !== key) {
      const html = await this.withInlineStyles(withRoutingPreload(await readFile(file, 'utf8'), this.deployment.routingUrl));
      this.preparedIndex = { key, ...sentPage(html) };
    }
    return this.preparedIndex;
  }

  /** index.html's own style sheets, put inline: the first paint waits for no request of its own. */
  async withInlineStyles(html) {
    const links = [...html.matchAll(/<link href="(\/[\w.-]+\.css)" rel="stylesheet">/g)];
    let out = html;
    for (const [tag, href] of links) {
      const file = await this.findFile(href);
      if (!file) continue;
      if (!this.styleSheets.has(file)) this.styleSheets.set(file, await readFile(file, 'utf8'));
      const css = this.styleSheets.get(file);
      if (/<\/style/i.test(css)) continue;
      out = out.replace(tag, () => `<style>${css}</style>`);
    }
    return out;
  }

  /** The composer's document for a visit, or undefined (the plain page) when it has none or fails. */
  async composed(url, indexHtml, visitor) {
    try {
      return await this.deployment.composer?.compose(url, indexHtml, visitor);
    } catch (error) {
      console.error(`first page sent plain: the composer failed (${message(error)})`);
      return undefined;
    }
  }

  /** A details or collection document with its page's metadata (undefined: the page as it is). */
  async withShareMetadata(url, html, visitor) {
    try {
      return await this.deployment.sharePages?.document(url, html, visitor);
    } catch (error) {
      console.error(`share tags left out: ${message(error)}`);
      return undefined;
    }
  }

  /**
   * A composed document as sent. The composer hands the same document to every visit of a URL while
   * it keeps it (FIRST_PAGE_CACHE_MS): the last few are kept here, so their gzip is made once.
   */
  composedPage(html) {
    let page = this.composedPages.get(html);
    if (!page) {
      page = sentPage(html);
      this.composedPages.set(html, page);
      while (this.composedPages.size > COMPOSED_KEPT) this.composedPages.delete(this.composedPages.keys().next().value);
    }
    return page;
  }
}
